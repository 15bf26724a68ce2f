#!/usr/bin/env python3
"""Issue 10: the real matrices with row cv > 2, suraa against ipcsr, csr and cuSPARSE ALG1/ALG2, each
method's median averaged over the rounds (each ROUND one aijadaptive-bench CSV of the same matrices).
Prints a markdown table (speedups over the better cuSPARSE algorithm) and the geometric means.
    irregular_real.py ROUND.csv [ROUND.csv ...]"""
import csv
import math
import sys

METHODS = ("suraa", "ipcsr", "csr", "argcsr", "segspmv", "cusparse-alg1", "cusparse-alg2")


def main(paths):
    times, info = {}, {}
    for path in paths:
        for r in csv.DictReader(open(path)):
            if r["status"] != "ok" or r["correct"] != "1" or r["method"] not in METHODS:
                continue
            if float(r["row_cv"]) <= 2:
                continue
            times.setdefault(r["matrix"], {}).setdefault(r["method"], []).append(float(r["median_us"]))
            info[r["matrix"]] = (int(r["nnz"]), float(r["row_cv"]), int(r["max_row"]), float(r["mean_row"]))
    rows = []
    for m, t in times.items():
        mean = {k: sum(v) / len(v) for k, v in t.items() if len(v) == len(paths)}
        if not all(k in mean for k in METHODS):
            continue
        cusp = min(mean["cusparse-alg1"], mean["cusparse-alg2"])
        rows.append((cusp / mean["suraa"], m, mean, cusp))
    rows.sort()
    print("| matrix | nnz | row cv | max/mean row | cuSPARSE (us) | suraa | ipcsr | csr | argcsr | segspmv |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for s, m, mean, cusp in rows:
        nnz, cv, mx, mr = info[m]
        cells = " | ".join(f"{cusp / mean[k]:.2f}" for k in ("suraa", "ipcsr", "csr", "argcsr", "segspmv"))
        print(f"| {m.split('/')[-1].replace('.mtx.gz', '')} | {nnz} | {cv:.1f} | {mx}/{mr:.1f} | {cusp:.1f} | {cells} |")
    g = lambda k: math.exp(sum(math.log(r[3] / r[2][k]) for r in rows) / len(rows))
    print(f"\n{len(rows)} matrices; geometric mean over the better cuSPARSE: " +
          ", ".join(f"{k} {g(k):.2f}" for k in ("suraa", "ipcsr", "csr", "argcsr", "segspmv")))
    print(f"suraa >= 1.2x on {sum(r[0] >= 1.2 for r in rows)} of {len(rows)}; suraa ahead of ipcsr on "
          f"{sum(r[2]['suraa'] < r[2]['ipcsr'] for r in rows)}")


if __name__ == "__main__":
    main(sys.argv[1:])
