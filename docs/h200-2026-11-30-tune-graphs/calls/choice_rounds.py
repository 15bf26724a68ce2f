#!/usr/bin/env python3
"""Issue 13: auto's and tune's choices over rounds of the same oracle run. Per matrix, each format's
median is averaged over the rounds (each ROUND one aijadaptive-bench CSV); auto's and tune's choice
of each round is scored as that format's mean over the best mean. Prints the geometric means by
nonzeros (under 100k, 100k-1M, 1M or more, all) and the six matrices where tune's choice does
worst against auto's.
    choice_rounds.py ROUND.csv [ROUND.csv ...]"""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import load, rows_of, chosen_format, geomean
rounds = [{r["matrix"]: r for r in rows_of(load(p.split(",")))} for p in sys.argv[1:]]
names = [m for m in rounds[0] if all(m in t for t in rounds[1:])]
buckets = {}
for m in names:
    rs = [t[m] for t in rounds]
    formats = set.intersection(*(set(r["shares"]) for r in rs))
    mean = {f: sum(r["best_us"] / r["shares"][f] for r in rs) / len(rs) for f in formats}
    best = min(mean.values())
    a = [best / mean[chosen_format(r["auto"])] for r in rs if chosen_format(r["auto"]) in mean]
    t = [best / mean[chosen_format(r["tune"])] for r in rs if chosen_format(r["tune"]) in mean]
    nnz = rs[0]["nnz"]
    key = "<100k" if nnz < 1e5 else ("100k-1M" if nnz < 1e6 else ">=1M")
    for k in (key, "all"):
        buckets.setdefault(k, ([], [], []))
        buckets[k][0].extend(a); buckets[k][1].extend(t)
        buckets[k][2].append((geomean(t) / geomean(a), m, sorted({chosen_format(r["auto"]) for r in rs}), sorted({chosen_format(r["tune"]) for r in rs})))
for k in ("<100k", "100k-1M", ">=1M", "all"):
    if k not in buckets: continue
    a, t, d = buckets[k]
    print(f"{k:8s} matrices {len(d):3d}: auto's choice {geomean(a):.3f}, tune's choice {geomean(t):.3f}")
worst = sorted(buckets["all"][2])[:6]
for r, m, ac, tc in worst: print(f"  tune/auto {r:.2f} {m[-40:]} auto {ac} tune {tc}")
