#!/usr/bin/env python3
"""Call B: host vectors, streamed (--stream-min-mib 4) against the path before streaming (-1), auto's
format; the medians of each process (us, in round order) and before over streamed (means of the rounds).
    host_vectors_table.py DIR          (DIR holds host-I-S-K.csv)"""
import collections
import csv
import glob
import os
import sys


def main(d):
    t = collections.defaultdict(lambda: collections.defaultdict(list))
    chosen = {}
    def round_then_matrix(f):
        parts = os.path.basename(f)[:-4].split("-")
        return int(parts[-1]), int(parts[1])

    for f in sorted(glob.glob(os.path.join(d, "host-*.csv")), key=round_then_matrix):
        parts = os.path.basename(f)[:-4].split("-")
        setting = "-".join(parts[2:-1])
        for r in csv.DictReader(open(f)):
            if r["method"].startswith("auto"):
                t[r["matrix"]][setting].append(float(r["median_us"]))
                chosen[r["matrix"]] = r["selected"] or r["method"]
    print("| matrix | auto's format | streamed (us) | before (us) | before / streamed |")
    print("|---|---|---|---|---|")
    for m, s in t.items():
        a, b = s["4"], s["-1"]
        ratio = (sum(b) / len(b)) / (sum(a) / len(a))
        print(f"| {m} | {chosen[m]} | {' / '.join(f'{x:.1f}' for x in a)} | {' / '.join(f'{x:.1f}' for x in b)} | {ratio:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1])
