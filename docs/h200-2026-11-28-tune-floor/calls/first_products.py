#!/usr/bin/env python3
"""Set-up plus the first N products, auto (the `set-up and the first N products` note of a run with
--first-products N) over cuSPARSE's (the better algorithm's upload_ms + N x median_us), geometric
mean by nonzeros, for two runs A and B given without their .csv/.txt suffix:
    first_products.py RUN_A RUN_B N"""
import csv
import math
import re
import sys

NOTE = re.compile(r"set-up and the first (\d+) products: ([0-9.]+) ms \(products ([0-9.]+) ms\), (\S+) running then")


def notes(path):
    out, matrix = {}, None
    for line in open(path):
        m = re.match(r"matrix (\S+?):", line)
        if m:
            matrix = m.group(1).split("/")[-1].replace(".mtx.gz", "")
        m = NOTE.search(line)
        if m and matrix:
            out[matrix] = (float(m.group(2)), m.group(4))
    return out


def cusparse(path, n):
    out, nnz = {}, {}
    for r in csv.DictReader(open(path)):
        m = r["matrix"].split("/")[-1].replace(".mtx.gz", "")
        if r["method"].startswith("cusparse"):
            out[m] = min(out.get(m, float("inf")), float(r["upload_ms"]) + n * float(r["median_us"]) * 1e-3)
        if r["method"] == "auto":
            nnz[m] = int(r["nnz"])
    return out, nnz


def main(a, b, n):
    geomean = lambda x: math.exp(sum(map(math.log, x)) / len(x))
    na, nb = notes(a + ".txt"), notes(b + ".txt")
    (ca, nnz), (cb, _) = cusparse(a + ".csv", n), cusparse(b + ".csv", n)
    names = [m for m in na if m in nb]
    for lo, hi in ((0, 10000), (10000, 131072), (131072, 1000000), (1000000, float("inf"))):
        sel = [m for m in names if lo <= nnz[m] < hi]
        if sel:
            print("nnz %d-%s: %d matrices; A %.3f, B %.3f (B still on csr after them: %d)" % (
                lo, hi, len(sel), geomean([na[m][0] / ca[m] for m in sel]), geomean([nb[m][0] / cb[m] for m in sel]),
                sum(nb[m][1] == "csr" for m in sel)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
