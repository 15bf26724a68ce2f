# real_compare.py DIR: call E's 72 real matrices (and two small generated ones), builds base, final2, final3 in
# turn, two rounds: each build's segspmv time against base's (geometric mean of base / build), and the speedups
# over the better cuSPARSE of each process.
import csv, math, statistics, collections, sys, os
d = sys.argv[1]
g = lambda x: math.exp(sum(map(math.log, x)) / len(x))
T = collections.defaultdict(lambda: collections.defaultdict(list))
S = collections.defaultdict(lambda: collections.defaultdict(list))
info = {}
for b in ['base', 'final2', 'final3']:
    for rnd in (1, 2):
        by = {}
        for r in csv.DictReader(open(os.path.join(d, f'real-{b}-r{rnd}.csv'))):
            by[(r['matrix'], r['method'])] = float(r['median_us'])
            info[r['matrix']] = r
        for (m, meth), us in by.items():
            if meth == 'segspmv':
                T[m][b].append(us)
                S[m][b].append(min(by[(m, 'cusparse-alg1')], by[(m, 'cusparse-alg2')]) / us)
ms = list(T)
for b in ['final2', 'final3']:
    rat = [statistics.mean(T[m]['base']) / statistics.mean(T[m][b]) for m in ms]
    print(b, 'base time / its time: geometric mean', round(g(rat), 3), 'lowest', round(min(rat), 3), 'highest', round(max(rat), 3))
for b in ['base', 'final2', 'final3']:
    sp = [statistics.mean(S[m][b]) for m in ms]
    print(b, 'speedup over the better cuSPARSE: geometric mean', round(g(sp), 3), 'lowest', round(min(sp), 2))
for m in ['gen:qcd:L=8', 'gen:stencil27:n=40']:
    print(m, 'us (base, final2, final3):', [round(statistics.mean(T[m][b]), 2) for b in ['base', 'final2', 'final3']])
