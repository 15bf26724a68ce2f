#!/usr/bin/env python3
"""Per matrix, auto's choice and its share of the per-matrix best (each format's time the mean of
its medians over the rounds), for each build. A BUILD is LABEL=ROUND[+ROUND...], a ROUND one or more
CSVs joined by commas.
    choice_compare.py head=a1.csv+a2.csv new=b1.csv+b2.csv ..."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, load, rows_of  # noqa: E402


def table(rounds):
    ts = [{r["matrix"]: r for r in rows_of(load(spec.split(",")))} for spec in rounds]
    out = {}
    for m in ts[0]:
        rs = [t[m] for t in ts if m in t]
        fm = set.intersection(*(set(r["shares"]) for r in rs))
        mean = {f: sum(r["best_us"] / r["shares"][f] for r in rs) / len(rs) for f in fm}
        best = min(mean, key=mean.get)
        out[m] = (rs[0]["auto"], mean[best] / mean[chosen_format(rs[0]["auto"])], best, mean[best])
    return out


builds = [(a.split("=", 1)[0], table(a.split("=", 1)[1].split("+"))) for a in sys.argv[1:]]
print("| matrix | " + " | ".join(f"{label}: auto, share" for label, _ in builds) + f" | best ({builds[-1][0]}, us) |")
print("|---" * (2 + len(builds)) + "|")
for m in builds[0][1]:
    cells = [f"{t[m][0]}, {t[m][1]:.2f}" if m in t else "-" for _, t in builds]
    last = builds[-1][1].get(m)
    print(f"| {m[4:] if m.startswith('gen:') else m.split('/')[-1]} | " + " | ".join(cells) +
          (f" | {last[2]} ({last[3]:.1f}) |" if last else " | - |"))
