#!/usr/bin/env python3
"""Issue 9's table from a benchmark CSV: per matrix, each method's product time,
speedup over the better cuSPARSE algorithm and share of the copy bandwidth under
its own bytes, and the set-up (build + upload) of each aijadaptive method over
cuSPARSE's (upload + preprocessing; the better of ALG1 and ALG2, and ALG2's).
Usage: setup_table.py bench.csv"""
import csv, sys

def main(path):
    rows = [r for r in csv.DictReader(open(path)) if r["method"] and r["correct"] == "1"]
    matrices = []
    for r in rows:
        if r["matrix"] not in matrices:
            matrices.append(r["matrix"])
    print(f"{'matrix':40} {'method':14} {'selected':9} {'us':>8} {'vs cuSP':>8} {'%copy':>6} "
          f"{'setup ms':>9} {'vs cuSP best':>12} {'vs ALG2':>8}")
    for m in matrices:
        mine = [r for r in rows if r["matrix"] == m]
        cus = {r["method"]: float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)
               for r in mine if r["method"].startswith("cusparse")}
        best = min(cus.values()) if cus else None
        for r in mine:
            setup = float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)
            ratio = f"{setup / best:.2f}x" if best and not r["method"].startswith("cusparse") else "-"
            alg2 = f"{setup / cus['cusparse-alg2']:.2f}x" if "cusparse-alg2" in cus and ratio != "-" else "-"
            speed = f"{float(r['speedup_vs_cusparse']):.2f}x" if r["speedup_vs_cusparse"] else "-"
            copy = f"{100 * float(r['frac_copy_own']):.0f}%" if r["frac_copy_own"] else "-"
            print(f"{m[:40]:40} {r['method'][:14]:14} {r['selected'][:9]:9} {float(r['median_us']):8.1f} "
                  f"{speed:>8} {copy:>6} {setup:9.1f} {ratio:>12} {alg2:>8}")

if __name__ == "__main__":
    main(sys.argv[1])
