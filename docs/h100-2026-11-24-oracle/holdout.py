#!/usr/bin/env python3
"""The small-matrix rule of the selector (argcsr below kSmallNnz nonzeros,
src/core/selector.cpp), fitted on one half of the oracle table and checked on
the other. The table's auto ran the selector before the rule: where it chose
ipcsr below the threshold, the rule's choice is argcsr, whose time the same run
measured. Halves: every other matrix in name order.
Usage (repo root): python3 docs/h100-2026-11-24-oracle/holdout.py docs/h100-2026-11-24-oracle/call[123]*.csv"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bench"))
import oracle_table  # noqa: E402

THRESHOLDS = [0, 1e4, 2e4, 5e4, 1e5, 2e5, 3e5, 5e5, 1e6]


def share_with_rule(r, threshold):
    """auto's share of the oracle on matrix r with the rule at `threshold` nonzeros."""
    if r["auto"].split("+")[0] == "ipcsr" and r["nnz"] < threshold:
        return r["shares"].get("argcsr", r["shares"]["csr"])  # argcsr fell back: csr's time
    return r["best_us"] / r["auto_us"]


def score(rows, threshold):
    return oracle_table.geomean([share_with_rule(r, threshold) for r in rows])


rows = sorted(oracle_table.rows_of(oracle_table.load(sys.argv[1:])), key=lambda r: r["matrix"])
halves = [rows[0::2], rows[1::2]]
for i in (0, 1):
    fit, check = halves[i], halves[1 - i]
    best = max(THRESHOLDS, key=lambda t: score(fit, t))
    print(f"fitted on half {i} ({len(fit)} matrices): threshold {best:.0e}, share {score(fit, best):.3f}; "
          f"other half ({len(check)}): {score(check, 0):.3f} without the rule, {score(check, best):.3f} with it")
print("whole table, by threshold: " + ", ".join(f"{t:.0e} {score(rows, t):.3f}" for t in THRESHOLDS))
