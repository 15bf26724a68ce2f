#!/usr/bin/env python3
"""The row-cv limit of the rule for rows of nearly one length, fitted on one half of an oracle table
and checked on the other: on oracle CSVs of a build before the rule (auto never chose suraa for
such rows under 1M nonzeros), auto's choice is replaced by suraa where it was argcsr or ipcsr, the
matrix has under 1M nonzeros and row cv <= LIMIT; each format is timed alone (its own median in
the same run), against the per-matrix fastest. Halves: every other matrix by name. Prints, per
limit, the geometric-mean share of the best on each half, then the limit fitted on each half and
its share on the other. With --auto-from, auto's choices are read from those CSVs instead (a
build before the rule timed over the same matrices in the same call, as call 7's old-*.csv).
    one_length_fit.py ORACLE.csv [ORACLE.csv ...] [--auto-from OLD.csv [OLD.csv ...]]"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402

LIMITS = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)


def main(args):
    paths = args[:args.index("--auto-from")] if "--auto-from" in args else args
    old = args[args.index("--auto-from") + 1:] if "--auto-from" in args else []
    old_choice = {name: m["auto"] for name, m in load(old).items()} if old else {}
    cv = {}
    for path in paths:
        for r in csv.DictReader(open(path)):
            if r["method"] == "auto":
                cv[r["matrix"]] = float(r["row_cv"])
    rows = sorted(rows_of(load(paths)), key=lambda r: r["matrix"])
    halves = (rows[0::2], rows[1::2])

    def share(part, limit):
        out = []
        for r in part:
            f = chosen_format(old_choice.get(r["matrix"], r["auto"]))
            if f in ("argcsr", "ipcsr") and r["nnz"] < 1000000 and cv[r["matrix"]] <= limit:
                f = "suraa"
            out.append(r["shares"].get(f, r["shares"]["csr"]))
        return geomean(out)

    none = -1.0  # no matrix moved: auto as it chose
    print("limit   half 1  half 2  (none: %.4f %.4f)" % (share(halves[0], none), share(halves[1], none)))
    for limit in LIMITS:
        print("%5.2f   %.4f  %.4f" % (limit, share(halves[0], limit), share(halves[1], limit)))
    for fit, check in ((0, 1), (1, 0)):
        best = max(LIMITS, key=lambda x: share(halves[fit], x))
        print("fitted on half %d: %.2f; half %d: %.4f -> %.4f" % (fit + 1, best, check + 1, share(halves[check], none),
                                                                 share(halves[check], best)))


if __name__ == "__main__":
    main(sys.argv[1:])
