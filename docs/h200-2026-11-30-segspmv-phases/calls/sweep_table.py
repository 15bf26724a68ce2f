# sweep_table.py DIR: call G's unroll x block size sweep: the better cuSPARSE (its own processes) over segspmv,
# means of the two rounds.
import csv, collections, statistics, sys, os
d = sys.argv[1]
mean = statistics.mean
cu = collections.defaultdict(list)
for rnd in (1, 2):
    by = {}
    for r in csv.DictReader(open(os.path.join(d, f'base-{rnd}.csv'))):
        by[(r['matrix'], r['method'])] = float(r['median_us'])
    for m in {k[0] for k in by}:
        cu[m].append(min(by[(m, 'cusparse-alg1')], by[(m, 'cusparse-alg2')]))
res = collections.defaultdict(dict)
for u in (4, 8, 16):
    for t in (64, 128, 256):
        tt = collections.defaultdict(list)
        for rnd in (1, 2):
            for r in csv.DictReader(open(os.path.join(d, f'u{u}-t{t}-{rnd}.csv'))):
                tt[r['matrix']].append(float(r['median_us']))
        for m in tt:
            res[m][(u, t)] = mean(cu[m]) / mean(tt[m])
ms = list(res)
print('| unroll, T | ' + ' | '.join(ms) + ' |')
print('|---|' + '---|' * len(ms))
for k in sorted(res[ms[0]]):
    print(f'| {k[0]}, {k[1]} | ' + ' | '.join(f'{res[m][k]:.2f}' for m in ms) + ' |')
