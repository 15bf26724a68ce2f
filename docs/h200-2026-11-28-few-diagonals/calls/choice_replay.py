#!/usr/bin/env python3
"""auto's choice before and after a selector change, each timed alone in the same run: for every
matrix of the new run's oracle CSVs, the time of the format auto chose in the old run (its
`selected` column) and of the one it chose in the new run, against the fastest format of the new
run; the geometric-mean share of that best over all matrices and over the two halves by name
(every other matrix), and the matrices whose choice changed.
    choice_replay.py --old OLD.csv [OLD.csv ...] --new NEW.csv [NEW.csv ...]"""
import csv, math, sys

FORMATS = "csr ipcsr dia brcsd1 brcsd2 inode suraa segspmv argcsr".split()


def first_format(selected):
    """The format of a `selected` column ("suraa+rcm" -> suraa), None when it names none."""
    parts = [p for p in selected.split("+") if p and p != "rcm"]
    return parts[0] if parts else None


def rows(paths):
    by = {}
    for p in paths:
        for r in csv.DictReader(open(p)):
            by.setdefault(r["matrix"], {})[r["method"]] = r
    return by


def main(argv):
    old_paths = argv[argv.index("--old") + 1:argv.index("--new")]
    new_paths = argv[argv.index("--new") + 1:]
    old = {m: first_format(d["auto"]["selected"]) for m, d in rows(old_paths).items()}
    out = []
    for m, d in sorted(rows(new_paths).items()):
        t = {}
        for f in FORMATS:
            r = d.get(f)
            if r and r["status"] == "ok" and r["correct"] == "1" and \
                    first_format(r["selected"]) in (None, f):
                t[f] = float(r["median_us"])
        best = min(t.values())
        new = first_format(d["auto"]["selected"])
        share = lambda f: best / t.get(f, t["csr"])
        out.append((m.split("/")[-1].replace(".mtx.gz", ""), old.get(m, new), new, share(old.get(m, new)), share(new)))
    g = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))
    for h, part in (("all", out), ("half 1", out[0::2]), ("half 2", out[1::2])):
        print("%-6s %3d matrices: old choice %.3f, new choice %.3f" % (h, len(part), g([o[3] for o in part]), g([o[4] for o in part])))
    for name, a, b, sa, sb in out:
        if a != b:
            print("  %-36s %-7s -> %-7s %.2f -> %.2f" % (name[:36], a, b, sa, sb))


if __name__ == "__main__":
    main(sys.argv[1:])
