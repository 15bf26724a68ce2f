#!/usr/bin/env python3
"""Call 9: suraa's product (us) and set-up (median build + upload over 5 fresh ones, over the better
cuSPARSE algorithm's of the same process) with sort_window W, from DIR/window-W-ROUND.csv; each
cell the two rounds' values.
    window_table.py DIR W [W ...]"""
import csv
import sys

d, ws = sys.argv[1], sys.argv[2:]
cell, order = {}, []
for w in ws:
    for rnd in (1, 2):
        rows = [r for r in csv.DictReader(open(f"{d}/window-{w}-{rnd}.csv")) if r["status"] == "ok" and r["correct"] == "1"]
        cusp = {}
        for r in rows:
            if r["method"].startswith("cusparse"):
                cusp[r["matrix"]] = min(cusp.get(r["matrix"], 1e30), float(r["build_ms"] or 0) + float(r["upload_ms"]))
        for r in rows:
            if r["method"] == "suraa":
                order += [r["matrix"]] if r["matrix"] not in order else []
                setup = (float(r["build_ms"]) + float(r["upload_ms"])) / cusp[r["matrix"]]
                cell.setdefault((r["matrix"], w), []).append((float(r["median_us"]), setup))
print("| matrix | " + " | ".join(f"window {w}: product us | set-up / cuSPARSE's" for w in ws) + " |")
print("|---" * (1 + 2 * len(ws)) + "|")
for m in order:
    out = []
    for w in ws:
        v = cell[(m, w)]
        out.append(" / ".join(f"{x[0]:.1f}" for x in v) + " | " + " / ".join(f"{x[1]:.2f}" for x in v))
    print(f"| {m.split('/')[-1][:44]} | " + " | ".join(out) + " |")
