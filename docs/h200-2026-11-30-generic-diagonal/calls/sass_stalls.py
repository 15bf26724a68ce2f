#!/usr/bin/env python3
"""Warp-stall samples of an Nsight Compute source page printed as SASS (`ncu -i REP --page source
--print-source sass`): the totals by reason and the instructions with the most samples.
Usage: sass_stalls.py FILE [TOP]"""
import sys

# The source page's 18 stall columns (all samples), then the same 18 (not issued), last on each row.
NAMES = ['barrier', 'branch', 'dispatch', 'drain', 'imc', 'lg', 'long_sb', 'math', 'membar', 'mio', 'misc',
         'no_inst', 'not_sel', 'selected', 'short_sb', 'sleep', 'tex', 'wait']
rows, total = [], [0] * 18
for line in open(sys.argv[1]):
    if not line.startswith('0x'):
        continue
    source, rest = line[19:80].strip(), line[80:].split()
    stalls = [int(x) if x.isdigit() else 0 for x in rest[-36:-18]]
    total = [a + b for a, b in zip(total, stalls)]
    rows.append((int(rest[0]), source, stalls))
print(f'{len(rows)} instructions, {sum(r[0] for r in rows)} samples; by reason:',
      {n: v for n, v in zip(NAMES, total) if v})
for samples, source, stalls in sorted(rows, key=lambda r: -r[0])[:int(sys.argv[2]) if len(sys.argv) > 2 else 8]:
    print(f'  {samples:4d} {source[:48]:48s}', {n: v for n, v in zip(NAMES, stalls) if v})
