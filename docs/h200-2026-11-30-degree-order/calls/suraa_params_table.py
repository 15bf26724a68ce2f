#!/usr/bin/env python3
"""Call H's table: the better cuSPARSE algorithm over suraa per matrix and variant, the two rounds side by
side, and the geometric mean over the matrices of the rounds' means.
    suraa_params_table.py DIR   # r<round>-<variant>.csv, unpacked from logs/callH/outputs.tar.gz"""
import collections
import csv
import glob
import math
import os
import sys

VARIANTS = ["default", "suraa.short_limit=8", "suraa.short_limit=32", "suraa.long_limit=256", "suraa.long_limit=1024",
            "suraa.block_entries=1024", "suraa.block_entries=4096", "suraa.segment_rows=32", "suraa.segment_rows=128"]


def main(d):
    t = collections.defaultdict(lambda: collections.defaultdict(list))
    for f in sorted(glob.glob(os.path.join(d, "r*-*.csv"))):
        variant = os.path.basename(f)[:-4].split("-", 1)[1]
        for r in csv.DictReader(open(f)):
            t[(os.path.basename(r["matrix"]), variant)][r["method"]].append(float(r["median_us"]))
    matrices = sorted({m for m, _ in t})
    print("| matrix | " + " | ".join(v.replace("suraa.", "") for v in VARIANTS) + " | suraa us (default) |")
    print("|---" * (len(VARIANTS) + 2) + "|")
    means = {v: [] for v in VARIANTS}
    for m in matrices:
        cells = []
        for v in VARIANTS:
            x = t[(m, v)]
            s = [min(a, b) / u for a, b, u in zip(x["cusparse-alg1"], x["cusparse-alg2"], x["suraa"])]
            means[v].append(sum(s) / len(s))
            cells.append("/".join(f"{r:.2f}" for r in s))
        us = "/".join(f"{u:.1f}" for u in t[(m, "default")]["suraa"])
        print(f"| {m} | " + " | ".join(cells) + f" | {us} |")
    print("| geometric mean | " + " | ".join(f"{math.exp(sum(map(math.log, means[v])) / len(means[v])):.3f}"
                                          for v in VARIANTS) + " | |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
