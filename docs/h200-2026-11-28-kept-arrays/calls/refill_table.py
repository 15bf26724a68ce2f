#!/usr/bin/env python3
"""Issue 13's refill bar from aijadaptive-setup-timing outputs (call 11): per matrix the values-only
refill over the values' copy alone, and the summary by format.
    refill_table.py DIR   (DIR holding steps-MATRIX.txt)"""
import glob, math, re, statistics, sys
from collections import defaultdict

rows = []
for f in glob.glob(sys.argv[1] + "/steps-*.txt"):
    t = open(f).read()
    m = re.search(r"(\d+) rows, (\d+) nonzeros; format: (\S+)", t)
    r = re.search(r"refill \(same pattern, values\)\s+([0-9.]+)", t)
    v = re.search(r"the values copied alone\s+([0-9.]+)", t)
    if m and r and v:
        rows.append((int(m.group(2)), f.split("steps-")[-1][:-4], m.group(3), float(r.group(1)), float(v.group(1))))
rows.sort()
x = [a / b for *_, a, b in rows]
print(f"{len(rows)} matrices: geometric mean {math.exp(statistics.mean(map(math.log, x))):.2f}, median "
      f"{statistics.median(x):.2f}, at most 1.2x: {sum(y <= 1.2 for y in x)}")
by = defaultdict(list)
for _, _, fmt, a, b in rows:
    by[fmt].append(a / b)
for fmt, v in sorted(by.items()):
    print(f"  {fmt:8} {len(v):3} matrices, median {statistics.median(v):.2f}, largest {max(v):.2f}")
for n, name, fmt, a, b in rows:
    print(f"  {name:30} {n:8} {fmt:8} refill {a:8.1f} us, values alone {b:8.1f} us, {a / b:5.2f}x")
