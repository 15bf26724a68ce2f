#!/usr/bin/env python3
"""Speedup of one format over the better cuSPARSE algorithm of the same process, per setting.

Usage: compare.py DIR SET1,SET2,... [FORMAT]   (FORMAT: segspmv by default)
Reads DIR/<set>-<round>.csv (aijadaptive-bench --csv), prints a Markdown table: per matrix and
setting the mean speedup over the rounds and, in brackets, the format's median time of each round
(us); the last line is the geometric mean over the matrices.
"""
import collections
import csv
import glob
import math
import sys

directory, sets = sys.argv[1], sys.argv[2].split(',')
fmt = sys.argv[3] if len(sys.argv) > 3 else 'segspmv'
result = collections.defaultdict(lambda: collections.defaultdict(list))
order = []
for s in sets:
    for f in sorted(glob.glob(f'{directory}/{s}-*.csv')):
        times = collections.defaultdict(dict)
        for r in csv.DictReader(open(f)):
            if r['matrix'] not in order:
                order.append(r['matrix'])
            if r['median_us']:
                times[r['matrix']][r['method']] = float(r['median_us'])
        for m, t in times.items():
            cusparse = min(t.get('cusparse-alg1', math.inf), t.get('cusparse-alg2', math.inf))
            if fmt in t:
                result[m][s].append((cusparse / t[fmt], t[fmt]))
print('| matrix | ' + ' | '.join(sets) + ' |')
print('|---' * (len(sets) + 1) + '|')
logs = {s: [] for s in sets}
for m in order:
    cells = []
    for s in sets:
        runs = result[m][s]
        if not runs:
            cells.append('-')
            continue
        speedup = sum(x[0] for x in runs) / len(runs)
        logs[s].append(math.log(speedup))
        cells.append(f"{speedup:.2f} ({' '.join(f'{x[1]:.1f}' for x in runs)})")
    print(f"| {m.replace('.runtime/m10/', '')} | " + ' | '.join(cells) + ' |')
print('| geometric mean | ' + ' | '.join(f'{math.exp(sum(v) / len(v)):.3f}' if v else '-' for v in logs.values()) + ' |')
