#!/usr/bin/env python3
"""What tune would have kept, replayed from an oracle run's outputs (the CSVs and, beside them, the
.txt reports whose tune notes list each candidate's timing):
  (1) switching from auto's choice (tune's first candidate) only to a candidate timed faster by
      more than a margin;
  (2) timing only matrices of X nonzeros or more, auto's choice kept below.
Each choice is scored by its own median in the same run over the per-matrix fastest format
(geometric mean), as examples/bench/oracle_table.py scores them.
    tune_replay.py ORACLE-real.csv ORACLE-gen.csv"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402

TIMING = re.compile(r"tune: ([a-z0-9]+) ([0-9.]+) us, median of \d+ products")


def tune_timings(paths):
    """{matrix: [(format, us), ...]} in the order tune timed them (auto's choice first)."""
    out = {}
    for path in paths:
        for block in open(path[:-len(".csv")] + ".txt").read().split("\nmatrix ")[1:]:
            found = TIMING.findall(block)
            if found:
                out[block.split(":")[0].strip()] = [(f, float(us)) for f, us in found]
    return out


def main(paths):
    rows = rows_of(load(paths))
    timed = tune_timings(paths)
    share = lambda r, f: r["shares"].get(f, r["shares"]["csr"])
    for margin in (0.0, 0.05, 0.1, 0.15, 0.2):
        s = []
        for r in rows:
            t = timed.get(r["matrix"])
            if not t:
                s.append(share(r, chosen_format(r["tune"])))
                continue
            best = min(t, key=lambda x: x[1])
            s.append(share(r, best[0] if best[1] < t[0][1] * (1 - margin) else t[0][0]))
        print("switching only when faster by more than %2.0f%%: tune's share %.4f" % (100 * margin, geomean(s)))
    for floor in (0, 10**5, 3 * 10**5, 10**6):
        s = [share(r, chosen_format(r["auto"] if r["nnz"] < floor else r["tune"])) for r in rows]
        print("timing only from %7d nonzeros: tune's share %.4f" % (floor, geomean(s)))


if __name__ == "__main__":
    main(sys.argv[1:])
