#!/usr/bin/env python3
"""Median product times of the same methods in two benchmark CSVs (a baseline
and a candidate, run in the same GPU call): per matrix, the candidate's time
over the baseline's, and the geomean of those ratios per method.
Usage: compare_times.py BASELINE.csv CANDIDATE.csv [METHOD ...]   (default ipcsr auto)"""
import csv, math, sys

def medians(path):
    out = {}
    for r in csv.DictReader(open(path)):
        if r["correct"] == "1" and r["median_us"]:
            out[(r["matrix"], r["method"])] = float(r["median_us"])
    return out

def main(base, cand, methods):
    a, b = medians(base), medians(cand)
    matrices = list(dict.fromkeys(m for m, _ in a))
    print("matrix".ljust(40) + "".join(f"{m} base us".rjust(16) + f"{m} new us".rjust(14) + "ratio".rjust(8) for m in methods))
    ratios = {m: [] for m in methods}
    for mat in matrices:
        line = mat[:39].ljust(40)
        for m in methods:
            if (mat, m) in a and (mat, m) in b:
                r = b[(mat, m)] / a[(mat, m)]
                ratios[m].append(r)
                line += f"{a[(mat, m)]:16.1f}{b[(mat, m)]:14.1f}{r:8.3f}"
            else:
                line += "-".rjust(38)
        print(line)
    for m in methods:
        if ratios[m]:
            g = math.exp(sum(map(math.log, ratios[m])) / len(ratios[m]))
            worst = max(ratios[m])
            print(f"{m}: geomean new/base {g:.3f} over {len(ratios[m])} matrices, worst {worst:.3f}, "
                  f"{sum(r > 1.02 for r in ratios[m])} above 1.02")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:] or ["ipcsr", "auto"])
