#!/usr/bin/env python3
"""Call 4: suraa's and segspmv's speedup over the better cuSPARSE algorithm of the same process, per
build and round, from DIR/long-BUILD-ROUND.csv; then each build's mean over the rounds.
    ab_suraa.py DIR BUILD [BUILD ...]"""
import collections
import csv
import sys

d, builds = sys.argv[1], sys.argv[2:]
speed = collections.defaultdict(list)  # (matrix, build, method) -> speedups
order = []
for b in builds:
    for rnd in (1, 2):
        rows = [r for r in csv.DictReader(open(f"{d}/long-{b}-{rnd}.csv")) if r["status"] == "ok" and r["correct"] == "1"]
        cusp = {}
        for r in rows:
            if r["method"].startswith("cusparse"):
                cusp[r["matrix"]] = min(cusp.get(r["matrix"], 1e30), float(r["median_us"]))
        for r in rows:
            if r["method"] in ("suraa", "segspmv"):
                speed[(r["matrix"], b, r["method"])].append(cusp[r["matrix"]] / float(r["median_us"]))
                if r["matrix"] not in order:
                    order.append(r["matrix"])
print("| matrix | " + " | ".join(f"suraa {b}" for b in builds) + " | " + " | ".join(f"segspmv {b}" for b in builds) + " |")
print("|---" * (1 + 2 * len(builds)) + "|")
for m in order:
    cells = []
    for meth in ("suraa", "segspmv"):
        for b in builds:
            v = speed[(m, b, meth)]
            cells.append(f"{sum(v) / len(v):.2f} ({' / '.join(f'{x:.2f}' for x in v)})")
    print(f"| {m[4:]} | " + " | ".join(cells) + " |")
