#!/usr/bin/env python3
"""Call 2's tables: argcsr's speedup over the better cuSPARSE algorithm of the same process, per
setting (old-d1 and new-d0 the mean of their two rounds' speedups), by matrix and summarised; and
new-d0's argcsr time against old-d1's (means of the rounds' medians): at the launch floor cuSPARSE's
time moved by up to 1.9x between processes (rajat19: 7.8-14.8 us), argcsr's by a few percent.
Usage: chunk_table.py DIR [--each]"""
import csv, math, sys, collections

d = sys.argv[1]
settings = ["old-d1", "new-d0", "old-d2", "new-d2", "old-d4", "new-d4", "old-d8", "new-d8"]
files = {s: ([f"{d}/{s}-r1.csv", f"{d}/{s}-r2.csv"] if s in ("old-d1", "new-d0") else [f"{d}/{s}.csv"]) for s in settings}
sp = collections.defaultdict(dict)
us = collections.defaultdict(dict)
info = {}
note = {}
for s, fl in files.items():
    per = collections.defaultdict(list)
    for f in fl:
        rows = collections.defaultdict(dict)
        for r in csv.DictReader(open(f)):
            rows[r["matrix"]][r["method"]] = float(r["median_us"])
            info[r["matrix"]] = (int(r["nnz"]), float(r["row_cv"]))
        for m, t in rows.items():
            c = min(t["cusparse-alg1"], t["cusparse-alg2"])
            per[m].append((c / t["argcsr"], c / t["auto"] if "auto" in t else None, t["argcsr"]))
    for m, v in per.items():
        sp[s][m] = sum(a for a, _, _ in v) / len(v)
        us[s][m] = sum(t for _, _, t in v) / len(v)
        if v[0][1] is not None:
            sp[s + " auto"][m] = sum(b for _, b, _ in v) / len(v)
g = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")
ms = sorted(info, key=lambda m: info[m][0])
classes = [("real, under 256k nonzeros", lambda m: m.endswith(".mtx.gz") and info[m][0] < 1 << 18),
           ("real, from 256k", lambda m: m.endswith(".mtx.gz") and info[m][0] >= 1 << 18),
           ("generated, under 4M", lambda m: m.startswith("gen:") and info[m][0] < 4 << 20),
           ("generated, from 4M", lambda m: m.startswith("gen:") and info[m][0] >= 4 << 20),
           ("all 83", lambda m: True)]
cols = settings + ["old-d1 auto", "new-d0 auto"]
print("| matrices | n | " + " | ".join(cols) + " |")
print("|---|---|" + "---|" * len(cols))
for name, f in classes:
    sel = [m for m in ms if f(m)]
    print(f"| {name} | {len(sel)} | " + " | ".join(f"{g([sp[c][m] for m in sel]):.2f}" for c in cols) + " |")
print()
print("lowest (setting: speedup, matrix):")
for c in cols:
    m = min(ms, key=lambda m: sp[c][m])
    print(f"  {c}: {sp[c][m]:.2f} {m}")
ratio = {m: us["old-d1"][m] / us["new-d0"][m] for m in ms}
for name, f in classes:
    sel = [m for m in ms if f(m)]
    print(f"argcsr's time, old-d1 over new-d0, {name}: geometric mean {g([ratio[m] for m in sel]):.3f}, "
          f"range {min(ratio[m] for m in sel):.2f}-{max(ratio[m] for m in sel):.2f}")
print(f"old-d1's time over new-d0's: geometric mean {g(list(ratio.values())):.3f}, below 0.95 on "
      f"{sum(r < 0.95 for r in ratio.values())} of {len(ms)}: " +
      ", ".join(f"{m} {ratio[m]:.2f}" for m in ms if ratio[m] < 0.95))
if "--each" in sys.argv:
    print()
    print("| matrix | nnz | cv | " + " | ".join(cols) + " | old-d1 / new-d0 time |")
    print("|---|---|---|" + "---|" * (len(cols) + 1))
    for m in ms:
        print(f"| {m} | {info[m][0]} | {info[m][1]:.2f} | " + " | ".join(f"{sp[c][m]:.2f}" for c in cols) +
              f" | {ratio[m]:.2f} |")
