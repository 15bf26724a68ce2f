#!/usr/bin/env python3
"""argcsr's builds against the first: per matrix, argcsr's median averaged over the rounds
(DIR/bench-BUILD-K.csv), each build's time over the first's; the better cuSPARSE algorithm over
argcsr in the first build's processes.
Usage: argcsr_variants.py DIR BUILD[,BUILD...]"""
import collections, csv, glob, math, os, sys

d, builds = sys.argv[1], sys.argv[2].split(',')
t = collections.defaultdict(list)
for b in builds:
    for f in glob.glob(f'{d}/bench-{b}-*.csv'):
        for r in csv.DictReader(open(f)):
            if r['status'] == 'ok' and r['median_us']:
                t[(b, os.path.basename(r['matrix']).replace('.mtx.gz', ''), r['method'])].append(float(r['median_us']))
mean = lambda v: sum(v) / len(v)
ms = sorted({k[1] for k in t if k[2] == 'argcsr'})
print('| matrix | ' + ' | '.join(f'{b} (us)' for b in builds) + ' | ' + ' | '.join(f'{b}/{builds[0]}' for b in builds[1:]) +
      f' | cuSPARSE/{builds[0]} |')
print('|---|' + '---|' * (2 * len(builds)))
ratios = collections.defaultdict(list)
for m in ms:
    v = [mean(t[(b, m, 'argcsr')]) for b in builds]
    cs = min(mean(t[(builds[0], m, a)]) for a in ['cusparse-alg1', 'cusparse-alg2'])
    for b, x in zip(builds[1:], v[1:]):
        ratios[b].append(x / v[0])
    print(f'| {m} | ' + ' | '.join(f'{x:.2f}' for x in v) + ' | ' + ' | '.join(f'{x / v[0]:.2f}' for x in v[1:]) +
          f' | {cs / v[0]:.2f} |')
for b in builds[1:]:
    r = ratios[b]
    print(f'\n{b}/{builds[0]}: geometric mean {math.exp(sum(map(math.log, r)) / len(r)):.3f} over {len(r)} matrices, '
          f'{min(r):.2f}-{max(r):.2f}')
