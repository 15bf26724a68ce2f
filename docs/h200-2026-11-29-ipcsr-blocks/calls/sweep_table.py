#!/usr/bin/env python3
"""ipcsr's block-size sweep (calls 1 and 2) as a table.

    sweep_table.py DIR T:f,T:f,...

DIR holds the call's b-T-f-ROUND.csv files (the benchmark's CSV of one variant and round; unpack
logs/callN/outputs.tar.gz). Per matrix: each variant's ipcsr time over the mean of the first
variant's two rounds (lowest-highest of the rounds), suraa's and the better cuSPARSE algorithm's
from the first variant's runs; then the geometric mean of each variant per size band and overall.
"""
import collections
import csv
import glob
import math
import re
import sys

d = collections.defaultdict(lambda: collections.defaultdict(list))
nnz = {}
for f in glob.glob(sys.argv[1] + '/b-*.csv'):
    m = re.match(r'.*/b-(\d+)-([\d.]+)-(\d)\.csv$', f)
    variant = m.group(1) + ':' + m.group(2)
    for r in csv.DictReader(open(f)):
        if r['status'] != 'ok':
            continue
        method = r['method'].split(':')[0]
        name = r['matrix'].split('/')[-1][:24]
        d[name][variant if method == 'ipcsr' else method].append(float(r['median_us']))
        nnz[name] = int(r['nnz'])
variants = sys.argv[2].split(',')
base_name = variants[0]
print('%-24s %9s ' % ('matrix', 'nnz') + ' '.join('%11s' % v for v in variants) + '  suraa  cuSPARSE  base us')
logs = collections.defaultdict(lambda: collections.defaultdict(list))
bands = [('under 10k', 1e4), ('10k-100k', 1e5), ('100k-1M', 1e6), ('1M and more', 1e18)]
for name in sorted(d, key=lambda k: nnz[k]):
    e = d[name]
    base = sum(e[base_name]) / len(e[base_name])
    band = next(b for b, hi in bands if nnz[name] < hi)
    row = '%-24s %9d ' % (name, nnz[name])
    for v in variants:
        row += ' %5.2f-%5.2f' % (min(e[v]) / base, max(e[v]) / base)
        mean = math.log(sum(e[v]) / len(e[v]) / base)
        logs[v]['all'].append(mean)
        logs[v][band].append(mean)
    cusparse = min(min(e['cusparse-alg1']), min(e['cusparse-alg2']))
    print(row + '  %5.2f  %8.2f  %7.2f' % (min(e['suraa']) / base, cusparse / base, base))
for band in [b for b, _ in bands] + ['all']:
    n = len(logs[base_name][band])
    print('geometric mean, %s (%d): ' % (band, n) +
          ' '.join('%s %.3f' % (v, math.exp(sum(logs[v][band]) / n)) for v in variants))
