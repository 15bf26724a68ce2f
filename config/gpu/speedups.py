#!/usr/bin/env python3
"""Speedup of each aijadaptive method over the better cuSPARSE algorithm, per
matrix and per benchmark CSV (one CSV per variant), and their geomeans.
A CSV of a run without cuSPARSE rows (e.g. --formats dia,brcsd1,brcsd2) has no
speedups: its rows are left out and the CSV is named on a last line.
Usage: speedups.py A.csv [B.csv ...]"""
import csv, math, os, sys

def main(paths):
    table, matrices, without = {}, [], []
    for p in paths:
        name = os.path.basename(p)[:-4]
        for r in csv.DictReader(open(p)):
            m = r["matrix"]
            if m not in matrices:
                matrices.append(m)
            # No speedup without a correct cuSPARSE row for the matrix in the same run.
            if r["method"].startswith("cusparse") or r["correct"] != "1" or not r["speedup_vs_cusparse"]:
                continue
            table.setdefault((name, r["method"]), {})[m] = float(r["speedup_vs_cusparse"])
        if not any(n == name for n, _ in table):
            without.append(os.path.basename(p))
    cols = sorted(table)
    print("matrix".ljust(48) + "".join(f"{n}/{m}"[:18].rjust(19) for n, m in cols))
    for m in matrices:
        print(m[:47].ljust(48) + "".join(
            (f"{table[c][m]:.3f}x" if m in table[c] else "-").rjust(19) for c in cols))
    print("geomean".ljust(48) + "".join(
        f"{math.exp(sum(map(math.log, table[c].values())) / len(table[c])):.3f}x".rjust(19) for c in cols))
    if without:
        print("no speedups (no cuSPARSE rows) in: " + ", ".join(without))

if __name__ == "__main__":
    main(sys.argv[1:])
