#!/usr/bin/env python3
"""auto's choice before and after a selector change, each timed alone in the same run: for every
matrix of the new run's oracle CSVs, the time of the format auto chose in the old run (its
`selected` column) and of the one it chose in the new run, against the fastest format of the new
run; the geometric-mean share of that best over all matrices and over the two halves by name
(every other matrix), and the matrices whose choice changed. The CSVs are read as
examples/bench/oracle_table.py reads them.
    choice_replay.py --old OLD.csv [OLD.csv ...] --new NEW.csv [NEW.csv ...]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402


def main(argv):
    old_paths = argv[argv.index("--old") + 1:argv.index("--new")]
    new_paths = argv[argv.index("--new") + 1:]
    old = {name: chosen_format(m["auto"]) for name, m in load(old_paths).items()}
    out = []
    for r in sorted(rows_of(load(new_paths)), key=lambda r: r["matrix"]):
        new = chosen_format(r["auto"])
        before = old.get(r["matrix"], new)
        share = lambda f: r["shares"].get(f, r["shares"]["csr"])
        out.append((r["matrix"].split("/")[-1].replace(".mtx.gz", ""), before, new, share(before), share(new)))
    for h, part in (("all", out), ("half 1", out[0::2]), ("half 2", out[1::2])):
        print("%-6s %3d matrices: old choice %.3f, new choice %.3f" % (h, len(part), geomean([o[3] for o in part]),
                                                                      geomean([o[4] for o in part])))
    for name, a, b, sa, sb in out:
        if a != b:
            print("  %-36s %-7s -> %-7s %.2f -> %.2f" % (name[:36], a, b, sa, sb))


if __name__ == "__main__":
    main(sys.argv[1:])
