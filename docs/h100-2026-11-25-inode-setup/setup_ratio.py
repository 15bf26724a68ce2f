#!/usr/bin/env python3
"""Set-up (build + upload) of each method over the better cuSPARSE set-up
(upload + preprocessing, the lower of ALG1 and ALG2) of the same run, per
matrix and run, from benchmark CSVs whose first column is the run number:
    python3 setup_ratio.py old.csv new.csv"""
import csv
import statistics
import sys
from collections import defaultdict

for path in sys.argv[1:]:
    rows = list(csv.reader(open(path)))
    head = rows[0][1:]
    col = {name: i for i, name in enumerate(head)}
    runs = defaultdict(dict)  # (matrix, run) -> method -> set-up ms
    for r in rows:
        run, r = r[0], r[1:]
        if r[col["matrix"]] == "matrix":
            continue
        build = float(r[col["build_ms"]]) if r[col["build_ms"]] not in ("", "-") else 0.0
        runs[(r[col["matrix"]], run)][r[col["method"]]] = build + float(r[col["upload_ms"]])
    ratios = defaultdict(lambda: defaultdict(list))
    for (matrix, run), m in runs.items():
        cusparse = min(v for k, v in m.items() if k.startswith("cusparse"))
        for k, v in m.items():
            if not k.startswith("cusparse"):
                ratios[matrix][k].append((v / cusparse, v, cusparse))
    print(path)
    for matrix, by in ratios.items():
        for method, rs in by.items():
            print(f"  {matrix:24s} {method:8s} runs " + " ".join(f"{r:.2f}x ({v:.1f}/{c:.1f} ms)" for r, v, c in rs)
                  + f"  median {statistics.median(r for r, _, _ in rs):.2f}x")
