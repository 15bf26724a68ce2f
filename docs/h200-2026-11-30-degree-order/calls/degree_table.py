#!/usr/bin/env python3
"""Stop 64's tables from the benchmark CSVs of call A or call B (logs/callX/outputs.tar.gz, unpacked).
    degree_table.py A DIR   # r<round>-<matrix>-o<order>.csv: a method's medians per order (0 own, 1 by column
                            # degree, 2 degree groups), the rounds side by side
    degree_table.py B DIR   # r<round>-<matrix>-<variant>.csv: a method's medians per variant (auto, none, deg,
                            # degmap), the rounds side by side, with auto's choice"""
import collections
import csv
import glob
import os
import sys


def table_a(d):
    t = collections.defaultdict(dict)
    for f in sorted(glob.glob(os.path.join(d, "r*-*-o*.csv"))):
        name = os.path.basename(f)[:-4]
        rnd, rest = name.split("-", 1)
        matrix, order = rest.rsplit("-o", 1)
        for r in csv.DictReader(open(f)):
            t[(matrix, r["method"])].setdefault(order, []).append(float(r["median_us"]))
    print("| matrix | method | own order (us) | by column degree | degree groups |")
    print("|---|---|---|---|---|")
    for (matrix, method), by in sorted(t.items()):
        cells = " | ".join("/".join(f"{v:.1f}" for v in by.get(o, [])) for o in "012")
        print(f"| {matrix} | {method} | {cells} |")


def table_b(d):
    t = collections.defaultdict(dict)
    for f in sorted(glob.glob(os.path.join(d, "r*-*.csv"))):
        name = os.path.basename(f)[:-4]
        rnd, rest = name.split("-", 1)
        matrix, variant = rest.rsplit("-", 1)
        for r in csv.DictReader(open(f)):
            cell = t[(matrix, variant, r["method"])]
            cell.setdefault("us", []).append(float(r["median_us"]))
            cell["selected"] = r["selected"]
            cell.setdefault("correct", []).append(r["correct"] == "1")
    print("| matrix | variant | method | us (rounds) | selected | correct |")
    print("|---|---|---|---|---|---|")
    for (matrix, variant, method), c in sorted(t.items()):
        us = "/".join(f"{v:.1f}" for v in c["us"])
        print(f"| {matrix} | {variant} | {method} | {us} | {c['selected']} | {'yes' if all(c['correct']) else 'NO'} |")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("A", "B"):
        sys.exit(__doc__)
    (table_a if sys.argv[1] == "A" else table_b)(sys.argv[2])
