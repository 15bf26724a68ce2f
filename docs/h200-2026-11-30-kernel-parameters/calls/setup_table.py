#!/usr/bin/env python3
"""Call E: auto's set-up (build + upload: the median of 5 fresh ones) over the better cuSPARSE
algorithm's (its upload and preprocessing) in the same process, for two builds, the mean over rounds;
per matrix with auto's format, and the geometric means per format auto chose.
    setup_table.py DIR ROUNDS OLD NEW         (DIR holds setup-BUILD-K.csv)"""
import collections
import csv
import math
import sys


def ratios(d, rounds, build):
    out = collections.defaultdict(list)
    chosen = {}
    for k in range(1, rounds + 1):
        rows = collections.defaultdict(dict)
        for r in csv.DictReader(open(f"{d}/setup-{build}-{k}.csv")):
            if r["status"] == "ok":
                rows[r["matrix"]][r["method"]] = r
        for m, by in rows.items():
            cus = [float(by[c]["upload_ms"]) for c in ("cusparse-alg1", "cusparse-alg2") if c in by]
            if "auto" not in by or not cus:
                continue
            a = by["auto"]
            out[m].append((float(a["build_ms"] or 0) + float(a["upload_ms"] or 0)) / min(cus))
            chosen[m] = a["selected"]
    return {m: sum(v) / len(v) for m, v in out.items()}, chosen


def main(d, rounds, old, new):
    ro, chosen = ratios(d, rounds, old)
    rn, _ = ratios(d, rounds, new)
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
    names = sorted(set(ro) & set(rn), key=lambda m: (chosen[m], rn[m]))
    print(f"auto's set-up over the better cuSPARSE's, {rounds} rounds: {old} -> {new}")
    by_format = collections.defaultdict(list)
    for m in names:
        by_format[chosen[m]].append(m)
    for f, ms in sorted(by_format.items()):
        print(f"  {f:10s} {len(ms):2d} matrices: {gm([ro[m] for m in ms]):.2f} -> {gm([rn[m] for m in ms]):.2f}, "
              f"at most 1.5: {sum(ro[m] <= 1.5 for m in ms)} -> {sum(rn[m] <= 1.5 for m in ms)}")
    print(f"  all        {len(names)} matrices: {gm([ro[m] for m in names]):.2f} -> {gm([rn[m] for m in names]):.2f}, "
          f"at most 1.5: {sum(ro[m] <= 1.5 for m in names)} -> {sum(rn[m] <= 1.5 for m in names)}")
    print()
    for m in names:
        print(f"{m:40s} {chosen[m]:10s} {ro[m]:5.2f} {rn[m]:5.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])
