#!/usr/bin/env python3
"""Calls A and C: each variant's time over param_layout never's (the generic kernel reading the layout from
memory), per matrix and format, the mean of the rounds' medians; split by whether the variant 'param' took
the layout as a kernel parameter (its note says so).
    variant_table.py DIR ROUNDS VARIANT [VARIANT ...]     (DIR holds bench-VARIANT-K.csv/.txt)"""
import collections
import csv
import math
import re
import sys


def main(d, rounds, variants):
    t = collections.defaultdict(dict)
    for v in variants + ["never"]:
        for k in range(1, rounds + 1):
            for r in csv.DictReader(open(f"{d}/bench-{v}-{k}.csv")):
                if r["status"] == "ok" and not r["method"].startswith("cusparse"):
                    t[(r["matrix"].split("/")[-1], r["method"])].setdefault(v, []).append(float(r["median_us"]))
    used = set()
    for k in range(1, rounds + 1):
        matrix = method = None
        for line in open(f"{d}/bench-param-{k}.txt"):
            m = re.match(r"matrix (\S+):", line)
            if m:
                matrix = m.group(1).split("/")[-1]
            m = re.match(r"  (\S+)\s+device", line)
            if m:
                method = m.group(1)
            if "a kernel parameter" in line:
                used.add((matrix, method))
    mean = lambda xs: sum(xs) / len(xs)
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
    rows = [(key, {v: mean(d[v]) / mean(d["never"]) for v in variants}, mean(d["never"]), key in used)
            for key, d in t.items() if all(len(d.get(v, [])) == rounds for v in variants + ["never"])]
    print(f"time over param_layout never's (the generic kernel reading the layout from memory), {rounds} rounds")
    for sel, what in ((True, "the layout a kernel parameter"), (False, "the layout read from memory in both")):
        rs = [r for r in rows if r[3] == sel]
        if not rs:
            continue
        print(f"{what}: {len(rs)} matrix-format pairs")
        for v in variants:
            xs = [r[1][v] for r in rs]
            print(f"  {v:10s} geometric mean {gm(xs):.3f}, range {min(xs):.2f}-{max(xs):.2f}")
    print("\nmatrix                              format   never us  " + "  ".join(f"{v:>9s}" for v in variants))
    for key, r, n, sel in sorted(rows, key=lambda r: (not r[3], r[0])):
        print(f"{key[0][-34:]:34s}  {key[1]:7s} {n:8.1f}    " + "  ".join(f"{r[v]:9.2f}" for v in variants)
              + ("" if sel else "  (from memory)"))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
