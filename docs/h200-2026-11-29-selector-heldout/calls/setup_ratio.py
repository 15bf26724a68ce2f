#!/usr/bin/env python3
"""Call 5: auto's set-up (median build + upload over --setup-reps fresh instances) over the better
cuSPARSE algorithm's set-up of the same process, and auto's choice and product time, per matrix, for
each build and round of DIR/setup-BUILD-ROUND.csv.
    setup_ratio.py DIR BUILD [BUILD ...]"""
import csv
import sys

d, builds = sys.argv[1], sys.argv[2:]
cells, order = {}, []
for b in builds:
    for rnd in (1, 2):
        rows = [r for r in csv.DictReader(open(f"{d}/setup-{b}-{rnd}.csv")) if r["status"] == "ok"]
        cusp = {}
        for r in rows:
            if r["method"].startswith("cusparse"):
                t = float(r["build_ms"] or 0) + float(r["upload_ms"])
                cusp[r["matrix"]] = min(cusp.get(r["matrix"], 1e30), t)
        for r in rows:
            if r["method"] == "auto":
                m = r["matrix"]
                order += [m] if m not in order else []
                setup = float(r["build_ms"]) + float(r["upload_ms"])
                cells.setdefault((m, b), []).append((r["selected"], setup / cusp[m], float(r["median_us"])))
print("| matrix | " + " | ".join(f"{b}: choice, set-up / cuSPARSE's (rounds), product us" for b in builds) + " |")
print("|---" * (1 + len(builds)) + "|")
for m in order:
    out = []
    for b in builds:
        v = cells.get((m, b), [])
        out.append(f"{v[0][0]}, {' / '.join(f'{x[1]:.2f}' for x in v)}, {' / '.join(f'{x[2]:.1f}' for x in v)}")
    print(f"| {m.split('/')[-1][:48]} | " + " | ".join(out) + " |")
