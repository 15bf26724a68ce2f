#!/usr/bin/env python3
"""suraa's time, the better cuSPARSE algorithm's, and their ratio, per matrix and per CSV of a call's
outputs (one CSV per variant and round: calls A-D).
    variant_table.py DIR        (DIR: a call's outputs.tar.gz unpacked, its r/ folder)"""
import collections
import csv
import glob
import sys


def main(folder):
    times = collections.defaultdict(dict)
    for path in sorted(glob.glob(folder + "/*.csv")):
        tag = path.split("/")[-1][:-4]
        for r in csv.DictReader(open(path)):
            if r.get("status", "ok") != "ok" or not r.get("median_us"):
                continue
            times[r["matrix"]][(tag, r["method"])] = float(r["median_us"])
    print("| matrix | variant, round | suraa us | better cuSPARSE us | ratio |")
    print("|---|---|---|---|---|")
    for matrix, t in times.items():
        for tag in sorted({tag for tag, _ in t}):
            cusparse = min(v for k, v in t.items() if k[0] == tag and k[1].startswith("cusparse"))
            suraa = t[(tag, "suraa")]
            print(f"| {matrix} | {tag} | {suraa:.1f} | {cusparse:.1f} | {cusparse / suraa:.2f}x |")


if __name__ == "__main__":
    main(sys.argv[1])
