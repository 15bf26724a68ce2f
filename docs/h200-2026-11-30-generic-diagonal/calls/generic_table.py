#!/usr/bin/env python3
"""The generic diagonal kernels' table: each build's median per matrix and format, averaged over
the rounds (bench-BUILD-*.csv in DIR), and its ratio to the first build's.
Rows where the format fell back to csr (its `selected` column) are left out.
Usage: generic_table.py DIR BUILD[,BUILD...]   (e.g. old-jit0,new-jit0)"""
import collections, csv, glob, math, os, sys

d, builds = sys.argv[1], sys.argv[2].split(',')
times = collections.defaultdict(list)  # (build, matrix, method) -> medians (us)
nnz = {}
for b in builds:
    for f in sorted(glob.glob(f'{d}/bench-{b}-*.csv')):
        for r in csv.DictReader(open(f)):
            if r['status'] != 'ok' or not r['median_us'] or r['selected']:
                continue
            m = os.path.basename(r['matrix'])
            times[(b, m, r['method'])].append(float(r['median_us']))
            nnz[m] = int(r['nnz'])
print(f"{'matrix':34s} {'nnz':>9s} {'format':6s} " + ' '.join(f'{b:>9s}' for b in builds) + '  ratio to ' + builds[0])
ratios = collections.defaultdict(list)
for m in sorted(nnz, key=nnz.get):
    for meth in ['dia', 'brcsd1', 'brcsd2']:
        vals = [times.get((b, m, meth)) for b in builds]
        if not all(vals):
            continue
        vals = [sum(v) / len(v) for v in vals]
        print(f"{m[:34]:34s} {nnz[m]:9d} {meth:6s} " + ' '.join(f'{v:9.1f}' for v in vals) +
              ''.join(f'  {v / vals[0]:.2f}' for v in vals[1:]))
        for b, v in zip(builds, vals):
            ratios[b].append(v / vals[0])
print(f"geometric mean over {len(ratios[builds[0]])} matrix-format pairs, relative to {builds[0]}:")
for b in builds[1:]:
    r = ratios[b]
    print(f"  {b:10s} {math.exp(sum(map(math.log, r)) / len(r)):.3f} (min {min(r):.2f}, max {max(r):.2f})")
