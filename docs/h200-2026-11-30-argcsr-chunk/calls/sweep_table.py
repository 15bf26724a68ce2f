#!/usr/bin/env python3
"""Call 1's table: argcsr (4a1c34d, the paper's grouping rules) at desired chunk 1, 2, 4 and 8, its
speedup over the better cuSPARSE algorithm of the same process (mean of the two rounds' speedups)
and its own bytes a nonzero, by matrix; then rules for the chunk replayed on it (geometric means).
Usage: sweep_table.py DIR (the outputs of call 1, argcsr-dD-rR.csv)"""
import csv, collections, math, sys

d = sys.argv[1]
t = collections.defaultdict(lambda: collections.defaultdict(list))
nnz, cv, own = {}, {}, {}
for c in (1, 2, 4, 8):
    for r in (1, 2):
        rows = collections.defaultdict(dict)
        for x in csv.DictReader(open(f"{d}/argcsr-d{c}-r{r}.csv")):
            m = x["matrix"]
            nnz[m], cv[m] = int(x["nnz"]), float(x["row_cv"])
            rows[m][x["method"]] = float(x["median_us"])
            if x["method"] == "argcsr":
                own[(m, c)] = float(x["own_bytes"]) / float(x["nnz"])
        for m, v in rows.items():
            t[m][c].append(min(v["cusparse-alg1"], v["cusparse-alg2"]) / v["argcsr"])
sp = {(m, c): sum(v) / len(v) for m in t for c, v in t[m].items()}
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print("| matrix | nnz | row cv | " + " | ".join(f"d = {c}" for c in (1, 2, 4, 8)) + " |")
print("|---|---|---|---|---|---|---|")
for m in sorted(nnz, key=nnz.get):
    print(f"| {m} | {nnz[m]} | {cv[m]:.2f} | " + " | ".join(f"{sp[(m, c)]:.2f} ({own[(m, c)]:.1f} B)" for c in (1, 2, 4, 8)) + " |")
rules = {"1 (the paper's)": lambda m: 1, "2": lambda m: 2, "4": lambda m: 4, "8": lambda m: 8,
         "2 under 256k, else 4": lambda m: 2 if nnz[m] < 1 << 18 else 4,
         "2 under 256k, 8 from 512k if row cv < 1, else 4": lambda m: 2 if nnz[m] < 1 << 18 else (8 if nnz[m] >= 1 << 19 and cv[m] < 1 else 4)}
print()
print("| chunk | all 26 | under 256k (13) | from 256k (13) | lowest |")
print("|---|---|---|---|---|")
for name, f in list(rules.items()) + [("the best of the four, per matrix", None)]:
    v = {m: max(sp[(m, c)] for c in (1, 2, 4, 8)) if f is None else sp[(m, f(m))] for m in nnz}
    small = [x for m, x in v.items() if nnz[m] < 1 << 18]
    large = [x for m, x in v.items() if nnz[m] >= 1 << 18]
    print(f"| {name} | {g(list(v.values())):.2f} | {g(small):.2f} | {g(large):.2f} | {min(v.values()):.2f} |")
