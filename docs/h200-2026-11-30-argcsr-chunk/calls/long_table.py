#!/usr/bin/env python3
"""Call 3's long-row settings on the seven real circuit matrices: argcsr's median (us) in each of the
two rounds, and its speedup over the better cuSPARSE algorithm of the same process (mean of the rounds).
Usage: long_table.py DIR (call 3's outputs)"""
import csv, collections, sys

d = sys.argv[1]
settings = ["long_chunk=8", "long_chunk=2", "long_chunk=4", "long_row=1024"]
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for p in settings:
    for r in (1, 2):
        t = collections.defaultdict(dict)
        for x in csv.DictReader(open(f"{d}/long-argcsr.{p}-r{r}.csv")):
            t[x["matrix"]][x["method"]] = float(x["median_us"])
        for m, v in t.items():
            rows[m][p].append((v["argcsr"], min(v["cusparse-alg1"], v["cusparse-alg2"])))
print("| matrix | " + " | ".join(settings) + " |")
print("|---|" + "---|" * len(settings))
for m, s in rows.items():
    print(f"| {m} | " + " | ".join(f"{v[0][0]:.1f}, {v[1][0]:.1f} us ({sum(c / a for a, c in v) / len(v):.2f}x)"
                                   for v in (s[p] for p in settings)) + " |")
