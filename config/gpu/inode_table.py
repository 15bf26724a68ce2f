#!/usr/bin/env python3
"""Issues 16 and 10: a table from benchmark CSVs: per matrix and method, the product time,
speedup over the better cuSPARSE algorithm, share of the copy bandwidth under the
method's own bytes, its own bytes per nonzero (storage without x and y) and its
set-up (build + upload) over cuSPARSE's best (upload + preprocessing).
Usage: inode_table.py bench.csv [more.csv ...]"""
import csv, sys


def main(paths):
    rows = [r for p in paths for r in csv.DictReader(open(p)) if r["method"] and r["correct"] == "1"]
    matrices = []
    for r in rows:
        if r["matrix"] not in matrices:
            matrices.append(r["matrix"])
    print(f"{'matrix':44} {'method':16} {'us':>8} {'vs cuSP':>8} {'%copy':>6} {'B/nnz':>6} {'setup ms':>9} {'vs cuSP':>8}")
    for m in matrices:
        mine = [r for r in rows if r["matrix"] == m]
        setups = [float(r["build_ms"] or 0) + float(r["upload_ms"] or 0) for r in mine if r["method"].startswith("cusparse")]
        best_setup = min(setups) if setups else None
        for r in mine:
            nnz, n = int(r["nnz"]), int(r["rows"]) + int(r["cols"])
            size = 4 if r["precision"] == "single" else 8
            own = (float(r["own_bytes"]) - n * size) / nnz if r["own_bytes"] and nnz else float("nan")
            setup = float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)
            method = r["method"] + (":" + r["selected"] if r["selected"] else "")
            speed = f"{float(r['speedup_vs_cusparse']):.2f}x" if r["speedup_vs_cusparse"] else "-"
            copy = f"{100 * float(r['frac_copy_own']):.0f}%" if r["frac_copy_own"] else "-"
            ratio = f"{setup / best_setup:.2f}x" if best_setup else "-"
            print(f"{m[-44:]:44} {method[:16]:16} {float(r['median_us']):8.1f} {speed:>8} {copy:>6} {own:6.2f} "
                  f"{setup:9.1f} {ratio:>8}")


if __name__ == "__main__":
    main(sys.argv[1:])
