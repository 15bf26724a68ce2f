#!/usr/bin/env python3
"""Call 4 ran aa5ca07's rule with the limit at 2^23 nonzeros (edaf6a7). The committed limit is 6M:
this replays it on call 4's tables. A matrix auto gave argcsr by that rule (irregular rows, >= 0.9 x
sectors per nonzero, from 1M nonzeros) with 6M nonzeros or more takes csr (row cv > 4) or segspmv
instead, timed as those formats in the same process. Prints auto's choice's share of the per-matrix
best per set, as selector_table.py does for one round.
Usage: replay_6m.py DIR (call 4's outputs)"""
import csv, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402

d = sys.argv[1]
for name in ("oracle-real", "oracle", "heldout", "heldout2"):
    path = f"{d}/{name}.csv"
    feats = {r["matrix"]: r for r in csv.DictReader(open(path)) if r["method"] == "auto"}
    shares, changed = [], []
    for r in rows_of(load([path])):
        f = chosen_format(r["auto"])
        x = feats[r["matrix"]]
        if f == "argcsr" and r["nnz"] >= 6000000 and float(x["x_sectors_per_nnz"]) >= 0.9:
            f = "csr" if float(x["row_cv"]) > 4 else "segspmv"
            changed.append(f"{r['matrix']} -> {f} {r['shares'][f]:.2f} (argcsr {r['shares']['argcsr']:.2f})")
        shares.append(r["shares"][f])
    print(f"{name}: {len(shares)} matrices, auto's choice {geomean(shares):.3f}, lowest {min(shares):.2f}; "
          f"changed: {'; '.join(changed) or 'none'}")
