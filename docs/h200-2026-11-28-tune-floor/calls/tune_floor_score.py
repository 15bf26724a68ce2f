#!/usr/bin/env python3
"""Tune's choice with and without its floor, and auto's, each scored by the oracle run's own median
for the chosen format over the per-matrix fastest (geometric mean), by nonzeros; then other floors,
replayed: auto's choice under the floor, the unfloored tune's above it.
    tune_floor_score.py ORACLE-real.csv ORACLE-gen.csv TUNE0-real.csv TUNE0-gen.csv
(the oracle run's tune has the default floor; TUNE0 is `--formats tune --tune-min-nnz 0`)."""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402


def main(oracle, unfloored):
    rows = rows_of(load(oracle))
    no_floor = {}
    for path in unfloored:
        for r in csv.DictReader(open(path)):
            if r["method"] == "tune":
                no_floor[r["matrix"]] = chosen_format(r["selected"])
    share = lambda r, f: r["shares"].get(f, r["shares"]["csr"])
    for lo, hi, name in ((0, 1e5, "under 100k"), (1e5, float("inf"), "100k or more"), (0, float("inf"), "all")):
        sel = [r for r in rows if lo <= r["nnz"] < hi]
        a = [share(r, chosen_format(r["auto"])) for r in sel]
        t = [share(r, chosen_format(r["tune"])) for r in sel]
        z = [share(r, no_floor.get(r["matrix"]) or chosen_format(r["tune"])) for r in sel]
        print("%-13s %3d matrices: auto's choice %.4f, tune (floor 10^5) %.4f, tune with no floor %.4f" %
              (name, len(sel), geomean(a), geomean(t), geomean(z)))
    replayed = []
    for floor in (0, 3e4, 1e5, 2e5, 3e5, 1e6, float("inf")):
        s = [share(r, chosen_format(r["auto"]) if r["nnz"] < floor else no_floor[r["matrix"]]) for r in rows]
        replayed.append("%g %.4f" % (floor, geomean(s)))
    print("floor replayed: " + ", ".join(replayed))


if __name__ == "__main__":
    main(sys.argv[1:3], sys.argv[3:5])
