#!/usr/bin/env python3
"""Issue 10's real-matrix table: the matrices with row cv > 2, suraa's and ipcsr's speed-up over the
better cuSPARSE algorithm (each method's median averaged over every process in DIR/bench-*.csv:
suraa and ipcsr are the same code in both of call 4's builds).
Usage: suraa_cv_table.py DIR"""
import collections, csv, glob, math, os, sys

t = collections.defaultdict(list)
info = {}
for f in sorted(glob.glob(f'{sys.argv[1]}/bench-*.csv')):
    for r in csv.DictReader(open(f)):
        if r['status'] != 'ok' or not r['median_us'] or not r['matrix'].endswith('.mtx.gz'):
            continue
        m = os.path.basename(r['matrix']).replace('.mtx.gz', '')
        t[(m, r['method'])].append(float(r['median_us']))
        info[m] = (int(r['nnz']), float(r['row_cv'] or 0))
mean = lambda v: sum(v) / len(v)
print('| matrix | nnz | row cv | cuSPARSE (us) | suraa | ipcsr |')
print('|---|---|---|---|---|---|')
s = []
for m in sorted((m for m in info if info[m][1] > 2), key=lambda m: -info[m][1]):
    cs = min(mean(t[(m, a)]) for a in ['cusparse-alg1', 'cusparse-alg2'])
    r = [cs / mean(t[(m, f)]) for f in ['suraa', 'ipcsr']]
    s.append(r[0])
    print(f'| {m} | {info[m][0]} | {info[m][1]:.2f} | {cs:.1f} | ' + ' | '.join(f'{x:.2f}' for x in r) + ' |')
print(f'\n{len(s)} matrices; suraa >= 1.2x on {sum(x >= 1.2 for x in s)}; geometric mean {math.exp(sum(map(math.log, s)) / len(s)):.2f}')
