#!/usr/bin/env python3
"""Issues 10-12: a table of the real matrices, aijadaptive's formats over the better cuSPARSE
algorithm, each method's median averaged over the rounds (each ROUND one aijadaptive-bench CSV of
the same matrices). Which matrices:
    --cv-above C        row cv > C (issue 10: 2)
    --mean-rows A,B     mean row length in [A, B] and row cv <= 0.5 (issue 11: 8,64)
    --names N1,N2,...   these matrices (file names without .mtx.gz; issue 12's circuit ones)
Prints a markdown table sorted by the first format's speedup and the geometric means.
    real_table.py FILTER --formats F1,F2,... ROUND.csv [ROUND.csv ...]"""
import csv
import math
import sys

CUSPARSE = ("cusparse-alg1", "cusparse-alg2")


def short(matrix):
    return matrix.split("/")[-1].replace(".mtx.gz", "")


def main(args):
    opts, paths = {}, []
    it = iter(args)
    for a in it:
        if a.startswith("--"):
            opts[a] = next(it)
        else:
            paths.append(a)
    formats = opts["--formats"].split(",")

    def wanted(r):
        if "--cv-above" in opts:
            return float(r["row_cv"]) > float(opts["--cv-above"])
        if "--mean-rows" in opts:
            lo, hi = (float(v) for v in opts["--mean-rows"].split(","))
            return lo <= float(r["mean_row"]) <= hi and float(r["row_cv"]) <= 0.5
        return short(r["matrix"]) in opts["--names"].split(",")

    times, info = {}, {}
    for path in paths:
        for r in csv.DictReader(open(path)):
            if r["status"] != "ok" or r["correct"] != "1" or r["method"] not in formats + list(CUSPARSE):
                continue
            if not wanted(r):
                continue
            times.setdefault(r["matrix"], {}).setdefault(r["method"], []).append(float(r["median_us"]))
            info[r["matrix"]] = (int(r["nnz"]), float(r["row_cv"]), int(r["max_row"]), float(r["mean_row"]))
    rows = []
    for m, t in times.items():
        mean = {k: sum(v) / len(v) for k, v in t.items() if len(v) == len(paths)}
        if not all(k in mean for k in formats + list(CUSPARSE)):
            continue
        cusp = min(mean[k] for k in CUSPARSE)
        rows.append((cusp / mean[formats[0]], m, mean, cusp))
    rows.sort()
    print("| matrix | nnz | row cv | max/mean row | cuSPARSE (us) | " + " | ".join(formats) + " |")
    print("|---" * (5 + len(formats)) + "|")
    for s, m, mean, cusp in rows:
        nnz, cv, mx, mr = info[m]
        cells = " | ".join(f"{cusp / mean[k]:.2f}" for k in formats)
        print(f"| {short(m)} | {nnz} | {cv:.2f} | {mx}/{mr:.1f} | {cusp:.1f} | {cells} |")
    g = lambda k: math.exp(sum(math.log(r[3] / r[2][k]) for r in rows) / len(rows))
    print(f"\n{len(rows)} matrices; geometric mean over the better cuSPARSE: " +
          ", ".join(f"{k} {g(k):.2f}" for k in formats))


if __name__ == "__main__":
    main(sys.argv[1:])
