#!/usr/bin/env python3
"""Auto's choice replayed on oracle tables, with and without candidate rules.

    replay_irregular.py DIR...

DIR holds an oracle run's oracle-real.csv and oracle-gen.csv (every format and auto timed in one
run, as logs/call4/outputs.tar.gz or docs/h200-2026-11-28-tune-floor/logs/call1, call4). For each
rule, the matrices from 100k to 1M nonzeros where auto chose ipcsr and the rule holds are given
suraa instead; each matrix's choice is scored by the same run's timing of that format over the
per-matrix fastest format, and the geometric mean over all matrices printed, with the matrices
the rule moved (suraa's time over ipcsr's inverted: above 1, suraa faster).
"""
import csv
import math
import sys

FORMATS = ['csr', 'ipcsr', 'dia', 'brcsd1', 'brcsd2', 'inode', 'suraa', 'segspmv', 'argcsr']

# nnz, row cv, x sectors per nonzero, mean row length -> whether suraa takes ipcsr's place.
RULES = {
    'none': lambda nnz, cv, xs, mean: False,
    'irregular (cv > 2), committed': lambda nnz, cv, xs, mean: cv > 2,
    'all': lambda nnz, cv, xs, mean: True,
    'x sectors >= 0.2': lambda nnz, cv, xs, mean: xs >= 0.2,
    'cv > 2 or x sectors >= 0.5': lambda nnz, cv, xs, mean: cv > 2 or xs >= 0.5,
    'cv > 2 or x sectors >= 0.2': lambda nnz, cv, xs, mean: cv > 2 or xs >= 0.2,
}


def load(d):
    rows = {}
    for f in (d + '/oracle-real.csv', d + '/oracle-gen.csv'):
        for r in csv.DictReader(open(f)):
            if r['status'] == 'ok':
                rows.setdefault(r['matrix'], {})[r['method'].split(':')[0]] = r
    return rows


def main():
    for d in sys.argv[1:]:
        rows = load(d)
        for name, rule in RULES.items():
            logs, moved = [], []
            for m, by_method in rows.items():
                a = by_method['auto']
                nnz, cv = int(a['nnz']), float(a['row_cv'])
                xs, mean = float(a['x_sectors_per_nnz']), float(a['mean_row'])
                t = {k: float(v['median_us']) for k, v in by_method.items() if k in FORMATS}
                chosen = a['selected'].split('+')[0]
                new = chosen
                if chosen == 'ipcsr' and 1e5 <= nnz < 1e6 and rule(nnz, cv, xs, mean):
                    new = 'suraa'
                logs.append(math.log(min(t.values()) / t.get(new, float(a['median_us']))))
                if new != chosen:
                    moved.append(f"{m.split('/')[-1][:12]}:{t[chosen] / t[new]:.2f}")
            print(f"{d} {name:32s} {math.exp(sum(logs) / len(logs)):.4f}  {' '.join(moved)}")


if __name__ == '__main__':
    main()
