#!/usr/bin/env python3
"""Issue 13: auto's share of the per-matrix best format over several rounds of the same oracle run.
Each ROUND is one or more aijadaptive-bench CSVs (joined by commas); a format's time on a matrix is
the mean of its medians over the rounds (examples/bench/oracle_table.py reads each CSV). Prints, for
the matrices every round has: auto's share of the best with auto's choice timed as a format of its
own ("choice") and as the method auto itself ("auto"), tune's, and the matrices where the choice
is under 0.9 of the best. --without MATRIX leaves that matrix out (repeatable).
    selector_table.py [--without MATRIX ...] ROUND [ROUND ...]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, geomean, load, rows_of  # noqa: E402


def main(args):
    without = [args[i + 1] for i, a in enumerate(args) if a == "--without"]
    rounds = [a for i, a in enumerate(args) if a != "--without" and (i == 0 or args[i - 1] != "--without")]
    tables = [{r["matrix"]: r for r in rows_of(load(spec.split(",")))} for spec in rounds]
    names = [m for m in tables[0] if all(m in t for t in tables[1:]) and m not in without]
    choice, auto, tune, low = [], [], [], []
    for m in names:
        rs = [t[m] for t in tables]
        formats = set.intersection(*(set(r["shares"]) for r in rs))
        # the rounds' times: best_us / share is each format's median in that round
        mean = {f: sum(r["best_us"] / r["shares"][f] for r in rs) / len(rs) for f in formats}
        best = min(mean.values())
        picks = {chosen_format(r["auto"]) for r in rs}
        if len(picks) != 1:
            print(f"  {m}: auto chose differently across rounds: {sorted(picks)}")
        pick = rs[0]["auto"]
        f = chosen_format(pick)
        s = best / mean[f] if f in mean else float("nan")
        choice.append(s)
        auto.append(best / (sum(r["auto_us"] for r in rs) / len(rs)))
        if all(r["tune_us"] for r in rs):
            tune.append(best / (sum(r["tune_us"] for r in rs) / len(rs)))
        if s < 0.9:
            low.append((s, m, pick, min(mean, key=mean.get), best))
    print(f"matrices {len(names)}, rounds {len(rounds)}: auto's choice {geomean(choice):.3f} (lowest {min(choice):.2f}), "
          f"auto as itself {geomean(auto):.3f}, tune {geomean(tune):.3f}")
    for s, m, pick, b, us in sorted(low):
        print(f"  {s:.2f} {m[-50:]}: auto {pick}, best {b} ({us:.1f} us)")


if __name__ == "__main__":
    main(sys.argv[1:])
