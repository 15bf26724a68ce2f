#!/usr/bin/env python3
"""What auto picks on the large matrices (call 13): each method's median averaged over the
processes (DIR/bench-*.csv), the better cuSPARSE over it, and auto over the best other method
(a format that fell back to csr is left out).
Usage: auto_large_table.py DIR"""
import collections, csv, glob, sys

t, picks, order = collections.defaultdict(list), {}, []
for f in sorted(glob.glob(f'{sys.argv[1]}/bench-*.csv'), key=lambda f: int(f.split('-')[-1][:-4])):
    for r in csv.DictReader(open(f)):
        # A format that fell back to another (its `selected`) is left out; auto's pick is kept.
        if r['status'] != 'ok' or not r['median_us'] or (r['selected'] and r['method'] != 'auto'):
            continue
        m = r['matrix']
        if m not in order:
            order.append(m)
        t[(m, r['method'])].append(float(r['median_us']))
        if r['method'] == 'auto':
            picks.setdefault(m, set()).add(r['selected'])
mean = lambda v: sum(v) / len(v)
F = ['auto', 'suraa', 'segspmv', 'ipcsr', 'inode', 'dia']
print('| matrix | auto picks | cuSPARSE (us) | ' + ' | '.join(F) + ' | best other / auto |')
print('|---|---|---|' + '---|' * len(F) + '---|')
for m in order:
    cs = min(mean(t[(m, a)]) for a in ['cusparse-alg1', 'cusparse-alg2'])
    v = {f: mean(t[(m, f)]) for f in F if t[(m, f)]}
    best = min(x for f, x in v.items() if f != 'auto')
    print(f'| {m[4:]} | {",".join(sorted(picks[m]))} | {cs:.1f} | ' +
          ' | '.join(f'{cs / v[f]:.2f}' if f in v else '-' for f in F) + f' | {best / v["auto"]:.2f} |')
