#!/usr/bin/env python3
"""Call 2's table from aijadaptive-setup-timing's output (setup.txt, "== round R old|new F@MATRIX"
headers): per case, the new matrix's analyse + upload (median of the run's reps, us) of each round,
old and new, and the new build's steps (its features, host build) from its first round.
    setup_table.py setup.txt"""
import re, sys

runs = {}
case = None
for line in open(sys.argv[1]):
    m = re.match(r"== round (\d) (old|new) (\S+)", line)
    if m:
        case = (m.group(3), m.group(2), int(m.group(1)))
        runs[case] = {}
        continue
    m = re.match(r"new matrix, analyse \+ upload\s+([\d.]+) us \(means: analyse ([\d.]+), upload ([\d.]+)\)", line)
    if m and case:
        runs[case]["whole"] = float(m.group(1))
    m = re.match(r"\s+of which its features\s+([\d.]+) us", line)
    if m and case:
        runs[case]["features"] = float(m.group(1))
    m = re.match(r"\s+analyse_matrix \(\S+\)\s+([\d.]+) us", line)
    if m and case:
        runs[case]["analyse_matrix"] = float(m.group(1))
    m = re.match(r"\s+(\S+)\s+host build\s+([\d.]+) us", line)
    if m and case:
        runs[case]["build"] = float(m.group(2))
cases = []
for c, _, _ in runs:
    if c not in cases:
        cases.append(c)
print("| format @ matrix | old, rounds 1 / 2 (us) | new, rounds 1 / 2 (us) | new / old | new: analyse_matrix (its features) | new: host build |")
print("|---|---|---|---|---|---|")
for c in cases:
    o = [runs.get((c, "old", r), {}).get("whole", float("nan")) for r in (1, 2)]
    n = [runs.get((c, "new", r), {}).get("whole", float("nan")) for r in (1, 2)]
    s = runs.get((c, "new", 1), {})
    f, b = c.split("@", 1)
    print(f"| {f} @ {b.replace('gen:', '')} | {o[0]:.0f} / {o[1]:.0f} | {n[0]:.0f} / {n[1]:.0f} | {sum(n) / sum(o):.2f} | "
          f"{s.get('analyse_matrix', float('nan')):.0f} ({s.get('features', float('nan')):.0f}) | {s.get('build', float('nan')):.0f} |")
