#!/usr/bin/env python3
"""The large generated matrices: each method's median averaged over the processes
(DIR/bench-*.csv), and the better cuSPARSE algorithm over it.
Usage: large_table.py DIR"""
import collections, csv, glob, sys

t = collections.defaultdict(list)
info, order = {}, []
for f in sorted(glob.glob(f'{sys.argv[1]}/bench-*.csv'), key=lambda f: int(f.split('-')[-1][:-4])):
    for r in csv.DictReader(open(f)):
        if r['status'] != 'ok' or not r['median_us']:
            continue
        m = r['matrix']
        if m not in info:
            order.append(m)
        t[(m, r['method'])].append(float(r['median_us']))
        info[m] = (int(r['nnz']), float(r['row_cv'] or 0), r['frac_copy_csr_model'])
mean = lambda v: sum(v) / len(v)
F = ['suraa', 'segspmv', 'argcsr', 'ipcsr']
print('| matrix | nnz | row cv | cuSPARSE (us) | ' + ' | '.join(F) + ' |')
print('|---|---|---|---|' + '---|' * len(F))
for m in order:
    cs = min(mean(t[(m, a)]) for a in ['cusparse-alg1', 'cusparse-alg2'] if t[(m, a)])
    print(f'| {m[4:]} | {info[m][0]} | {info[m][1]:.2f} | {cs:.1f} | ' +
          ' | '.join(f'{cs / mean(t[(m, f)]):.2f}' if t[(m, f)] else '-' for f in F) + ' |')
print(f'\n{len(t[(order[0], "suraa")])} processes per matrix; each entry: the better cuSPARSE over the format')
