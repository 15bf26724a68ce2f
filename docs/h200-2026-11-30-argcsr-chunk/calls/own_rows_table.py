#!/usr/bin/env python3
"""Call 5's table: argcsr's time before (edaf6a7) over after (calls/own-rows.patch: groups of T rows
of a thread each write y from their own sums), means of two rounds' medians, by class and by matrix,
with the speedups over the better cuSPARSE algorithm of the same process.
Usage: own_rows_table.py DIR (call 5's outputs)"""
import csv, collections, math, sys

d = sys.argv[1]
t = collections.defaultdict(lambda: collections.defaultdict(list))
nnz = {}
for b in ("before", "after"):
    for r in (1, 2):
        rows = collections.defaultdict(dict)
        for x in csv.DictReader(open(f"{d}/{b}-r{r}.csv")):
            rows[x["matrix"]][x["method"]] = float(x["median_us"])
            nnz[x["matrix"]] = int(x["nnz"])
        for m, v in rows.items():
            t[m][b].append((v["argcsr"], min(v["cusparse-alg1"], v["cusparse-alg2"])))
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
us = {b: {m: sum(a for a, _ in t[m][b]) / 2 for m in t} for b in ("before", "after")}
sp = {b: {m: sum(c / a for a, c in t[m][b]) / 2 for m in t} for b in ("before", "after")}
ratio = {m: us["before"][m] / us["after"][m] for m in t}
print("| matrices | n | time before / after | range |")
print("|---|---|---|---|")
for name, f in (("real, under 256k", lambda m: m.endswith(".gz") and nnz[m] < 1 << 18),
                ("real, from 256k", lambda m: m.endswith(".gz") and nnz[m] >= 1 << 18),
                ("generated", lambda m: m.startswith("gen:")), ("all", lambda m: True)):
    sel = [m for m in t if f(m)]
    print(f"| {name} | {len(sel)} | {g([ratio[m] for m in sel]):.3f} | {min(ratio[m] for m in sel):.2f}-"
          f"{max(ratio[m] for m in sel):.2f} |")
print()
print("| matrix | nnz | before (us) | after (us) | before / after | speedup before | after |")
print("|---|---|---|---|---|---|---|")
for m in sorted(t, key=nnz.get):
    print(f"| {m} | {nnz[m]} | {us['before'][m]:.1f} | {us['after'][m]:.1f} | {ratio[m]:.2f} | "
          f"{sp['before'][m]:.2f} | {sp['after'][m]:.2f} |")
