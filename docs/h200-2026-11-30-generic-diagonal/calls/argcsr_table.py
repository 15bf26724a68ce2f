#!/usr/bin/env python3
"""argcsr old against new: per matrix, each method's median averaged over the rounds
(bench-BUILD-K.csv in DIR); argcsr's time new/old, and argcsr's speed-up over the better cuSPARSE
algorithm (its mean medians) in each build's processes.
Usage: argcsr_table.py DIR [matrix ...] (default: all)"""
import collections, csv, glob, math, os, sys

d = sys.argv[1]
only = sys.argv[2:]
t = collections.defaultdict(list)
info = {}
for b in ['old', 'new']:
    for f in sorted(glob.glob(f'{d}/bench-{b}-*.csv')):
        for r in csv.DictReader(open(f)):
            if r['status'] != 'ok' or not r['median_us']:
                continue
            m = os.path.basename(r['matrix']).replace('.mtx.gz', '')
            t[(b, m, r['method'])].append(float(r['median_us']))
            info[m] = (int(r['nnz']), float(r['row_cv']) if r['row_cv'] else 0)
mean = lambda v: sum(v) / len(v)
def T(b, m, meth):
    v = t.get((b, m, meth)); return mean(v) if v else None
rows = [m for m in sorted(info, key=lambda m: info[m][0]) if not only or m in only]
print(f"| matrix | nnz | row cv | argcsr old (us) | new (us) | new/old | old vs cuSPARSE | new vs cuSPARSE | ipcsr | suraa |")
print("|---|---|---|---|---|---|---|---|---|---|")
ratios = []
for m in rows:
    o, n = T('old', m, 'argcsr'), T('new', m, 'argcsr')
    if not o or not n: continue
    cs = {b: min(x for x in [T(b, m, 'cusparse-alg1'), T(b, m, 'cusparse-alg2')] if x) for b in ['old', 'new']}
    ip, su = T('new', m, 'ipcsr'), T('new', m, 'suraa')
    print(f"| {m} | {info[m][0]} | {info[m][1]:.2f} | {o:.1f} | {n:.1f} | {n/o:.2f} | {cs['old']/o:.2f} | {cs['new']/n:.2f} | {cs['new']/ip:.2f} | {cs['new']/su:.2f} |")
    ratios.append(n / o)
g = math.exp(sum(map(math.log, ratios)) / len(ratios))
print(f"\n{len(ratios)} matrices; argcsr new/old geometric mean {g:.3f}, min {min(ratios):.2f}, max {max(ratios):.2f}")
