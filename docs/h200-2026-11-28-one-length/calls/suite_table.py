#!/usr/bin/env python3
"""The suite's set-up and products from benchmark CSVs of `--formats auto,cusparse-alg1,cusparse-alg2
--setup-reps 5`: per run, auto's set-up (build + upload, the median of 5 fresh set-ups) over the
better cuSPARSE algorithm's (upload + preprocessing) in the same process, as a geometric mean, a
median and the count at 1.5x or less, and auto's product against the better cuSPARSE algorithm
(geometric mean); then per label the geometric mean of each matrix's ratio over its runs, by the
bytes of its CSR arrays (nnz x 12 + rows x 4), over all matrices and over those whose format
(auto's choice) is the same under every label.
    suite_table.py LABEL=RUN.csv[,RUN.csv...] [LABEL=...]"""
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import geomean  # noqa: E402

BINS = ((0, 64 << 10, "up to 64 KiB"), (64 << 10, 128 << 10, "64-128 KiB"), (128 << 10, 1200000, "128 KiB-1.2 MB"),
        (1200000, float("inf"), "over 1.2 MB"))


def load(path):
    d = {}
    for r in csv.DictReader(open(path)):
        d.setdefault(r["matrix"].split("/")[-1].replace(".mtx.gz", ""), {})[r["method"]] = r
    total = lambda r: (float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)) * 1e3
    out = {}
    for m, x in d.items():
        cusp = [x[k] for k in ("cusparse-alg1", "cusparse-alg2")]
        a = x["auto"]
        out[m] = {"ratio": total(a) / min(map(total, cusp)), "format": a["selected"],
                  "speedup": min(float(c["median_us"]) for c in cusp) / float(a["median_us"]),
                  "bytes": int(a["nnz"]) * 12 + int(a["rows"]) * 4}
    return out


def main(args):
    labels = {}
    for arg in args:
        label, files = arg.split("=", 1)
        labels[label] = [load(f) for f in files.split(",")]
        for f, run in zip(files.split(","), labels[label]):
            r = [v["ratio"] for v in run.values()]
            print("%-5s %-26s set-up %.2f (median %.2f, %2d/%d at 1.5x or less); products %.3fx cuSPARSE" % (
                label, f.split("/")[-1], geomean(r), statistics.median(r), sum(x <= 1.5 for x in r), len(r),
                geomean([v["speedup"] for v in run.values()])))
    names = sorted(set.intersection(*(set(run) for runs in labels.values() for run in runs)))
    same = [m for m in names if len({run[m]["format"] for runs in labels.values() for run in runs}) == 1]
    for lo, hi, title in BINS:
        sel = [m for m in names if lo < labels[next(iter(labels))][0][m]["bytes"] <= hi]
        kept = [m for m in sel if m in same]
        parts = []
        for label, runs in labels.items():
            per = lambda ms: geomean([geomean([run[m]["ratio"] for run in runs]) for m in ms])
            parts.append("%s %.2f (same format %.2f)" % (label, per(sel), per(kept)))
        print("%-15s %2d matrices (%2d same format): %s" % (title, len(sel), len(kept), "; ".join(parts)))


if __name__ == "__main__":
    main(sys.argv[1:])
