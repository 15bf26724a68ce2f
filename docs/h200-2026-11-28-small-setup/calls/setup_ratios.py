#!/usr/bin/env python3
"""Set-up ratios of auto over the better cuSPARSE algorithm (build + upload over
upload + preprocessing), from benchmark CSVs (.csv or .csv.gz): per file the
geometric mean, median, largest, how many matrices are at most 1.5x, and the
medians by size; with --each, every matrix (nnz, format, auto's and cuSPARSE's
set-up in microseconds, ratio).
    setup_ratios.py [--each] FILE..."""
import csv, gzip, statistics, sys


def ratios(path):
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        rows = list(csv.DictReader(f))
    by = {}
    for r in rows:
        by.setdefault(r["matrix"].split("/")[-1].replace(".mtx.gz", ""), {})[r["method"]] = r
    total = lambda r: float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)
    out = {}
    for m, d in by.items():
        c = min(total(d["cusparse-alg1"]), total(d["cusparse-alg2"]))
        out[m] = (int(d["auto"]["nnz"]), d["auto"]["selected"], total(d["auto"]) * 1e3, c * 1e3, total(d["auto"]) / c)
    return out


def main(args):
    each = "--each" in args
    for path in [a for a in args if a != "--each"]:
        o = ratios(path)
        r = [v[4] for v in o.values()]
        by = lambda lo, hi: statistics.median([v[4] for v in o.values() if lo <= v[0] < hi])
        print(f"{path.split('/')[-1]:24} geomean {statistics.geometric_mean(r):5.2f} median {statistics.median(r):5.2f} "
              f"largest {max(r):6.2f} at most 1.5x: {sum(x <= 1.5 for x in r):2}/{len(r)}  medians: under 100k "
              f"{by(0, 100000):5.2f}, 100k-400k {by(100000, 400000):5.2f}, 400k and more {by(400000, 1 << 62):5.2f}")
        if each:
            for m in sorted(o, key=lambda m: o[m][0]):
                n, f, a, c, x = o[m]
                print(f"  {m:30} {n:8} {f:10} {a:8.0f} {c:8.0f} {x:6.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
