#!/usr/bin/env python3
"""Tables of stop 55's calls, from their outputs (logs/callN/outputs.tar.gz, unpacked: r/...).

  tables.py sweep DIR SET,SET,...   speedup over the better cuSPARSE algorithm per matrix and
                                    setting (DIR/base-R.csv holds cuSPARSE, suraa, ipcsr; DIR/SET-R.csv
                                    segspmv with that setting; R = 1, 2; times are the rounds' mean)
  tables.py suite CSV[,CSV...]      segspmv, ipcsr and suraa over the better cuSPARSE algorithm, and
                                    segspmv's set-up (build + upload) over that algorithm's upload
"""
import collections
import csv
import math
import os
import sys


def mean(v):
    return sum(v) / len(v)


def geomean(v):
    return math.exp(sum(map(math.log, v)) / len(v))


def short(name):
    return name.split('/')[-1].replace('.mtx.gz', '')


def sweep(d, sets):
    times = collections.defaultdict(lambda: collections.defaultdict(list))
    nnz = {}
    for s in ['base'] + sets:
        for rnd in (1, 2):
            f = os.path.join(d, f'{s}-{rnd}.csv')
            if not os.path.exists(f):
                continue
            for r in csv.DictReader(open(f)):
                m = short(r['matrix'])
                nnz[m] = r['nnz']
                times[m][r['method'] if s == 'base' else s].append(float(r['median_us']))
    cols = [c for c in ('suraa', 'ipcsr') if any(c in t for t in times.values())] + sets
    print('| matrix | nnz | cuSPARSE (us) | ' + ' | '.join(cols) + ' |')
    print('|---|---|---|' + '---|' * len(cols))
    per = collections.defaultdict(list)
    for m, t in times.items():
        cus = min(mean(t['cusparse-alg1']), mean(t['cusparse-alg2']))
        cells = []
        for c in cols:
            r = cus / mean(t[c])
            per[c].append(r)
            cells.append(f'{r:.2f}')
        print(f'| {m} | {nnz[m]} | {cus:.1f} | ' + ' | '.join(cells) + ' |')
    print('| geometric mean (lowest) | | | ' + ' | '.join(f'{geomean(per[c]):.2f} ({min(per[c]):.2f})' for c in cols) + ' |')


def suite(files):
    runs = collections.OrderedDict()
    for f in files:
        for r in csv.DictReader(open(f)):
            d = runs.setdefault(short(r['matrix']), {}).setdefault(r['method'], collections.defaultdict(list))
            d['us'].append(float(r['median_us']))
            d['setup'].append(float(r['build_ms'] or 0) + float(r['upload_ms']))
            d['upload'].append(float(r['upload_ms']))
            d['info'] = [r['nnz'], '%.1f/%s' % (float(r['mean_row']), r['max_row'])]
    print('| matrix | nnz | mean/max row | cuSPARSE (us) | segspmv | ipcsr | suraa | segspmv set-up / cuSPARSE\'s |')
    print('|---|---|---|---|---|---|---|---|')
    per = collections.defaultdict(list)
    setups, low, beats = [], [], collections.Counter()
    for m, d in runs.items():
        a1, a2 = mean(d['cusparse-alg1']['us']), mean(d['cusparse-alg2']['us'])
        cus = min(a1, a2)
        cus_setup = mean(d['cusparse-alg1' if a1 <= a2 else 'cusparse-alg2']['upload'])
        r = {k: cus / mean(d[k]['us']) for k in ('segspmv', 'ipcsr', 'suraa')}
        setup = mean(d['segspmv']['setup']) / cus_setup
        for k, v in r.items():
            per[k].append(v)
        setups.append(setup)
        beats['ipcsr'] += r['segspmv'] > r['ipcsr']
        beats['suraa'] += r['segspmv'] > r['suraa']
        if r['segspmv'] < 0.9:
            low.append(f"{m} {r['segspmv']:.2f}")
        print(f"| {m} | {d['segspmv']['info'][0]} | {d['segspmv']['info'][1]} | {cus:.1f} | {r['segspmv']:.2f} | "
              f"{r['ipcsr']:.2f} | {r['suraa']:.2f} | {setup:.2f} |")
    print()
    print(f'matrices: {len(setups)}; geometric mean over the better cuSPARSE: ' +
          ', '.join(f'{k} {geomean(v):.2f}' for k, v in per.items()))
    print(f"segspmv below 0.9x: {', '.join(low) or 'none'}; ahead of ipcsr on {beats['ipcsr']}, of suraa on {beats['suraa']}")
    setups.sort()
    print(f'segspmv set-up over cuSPARSE\'s: median {setups[len(setups) // 2]:.2f}, highest {setups[-1]:.2f}, '
          f'above 1.5 on {sum(s > 1.5 for s in setups)}')


if __name__ == '__main__':
    if sys.argv[1] == 'sweep':
        sweep(sys.argv[2], sys.argv[3].split(','))
    else:
        suite(sys.argv[2].split(','))
