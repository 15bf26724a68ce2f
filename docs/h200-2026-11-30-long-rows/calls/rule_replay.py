#!/usr/bin/env python3
"""Issue 13: the two selector rules of stop 65 replayed on oracle tables (aijadaptive-bench CSVs with
every format, auto and tune): auto's choice scored by its format's time, as run, and with suraa in
place of segspmv where the longest-row rule took a matrix (segspmv chosen, irregular rows, under 1M
nonzeros, a row over 2048 entries), or with suraa in place of inode after RCM under 4M nonzeros
(a table of the build before the inode rule).
    rule_replay.py CSV [CSV ...]"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../examples/bench"))
from oracle_table import chosen_format, load, rows_of  # noqa: E402


def geomean(v):
    return math.exp(sum(math.log(x) for x in v) / len(v))


def main(paths):
    for path in paths:
        raw = {r["matrix"]: r for r in csv.DictReader(open(path))}
        as_run, without_long, with_inode_rule, long_hits, inode_hits = [], [], [], [], []
        for r in rows_of(load([path])):
            shares, f, q = r["shares"], chosen_format(r["auto"]), raw[r["matrix"]]
            nnz, longest, mean, cv = int(q["nnz"]), int(q["max_row"]), float(q["mean_row"]), float(q["row_cv"])
            as_run.append(shares[f])
            irregular = cv > 2 or longest > 20 * mean
            if f == "segspmv" and nnz < 1000000 and longest > 2048 and irregular:
                without_long.append(shares["suraa"])
                long_hits.append(f"{r['matrix']} (longest {longest}): suraa {shares['suraa']:.2f}, segspmv {shares[f]:.2f}")
            else:
                without_long.append(shares[f])
            if f == "inode" and "rcm" in r["auto"] and nnz < 4000000:
                with_inode_rule.append(shares["suraa"])
                inode_hits.append(f"{r['matrix']} ({nnz} nonzeros): inode {shares[f]:.3f}, suraa {shares['suraa']:.3f}")
            else:
                with_inode_rule.append(shares[f])
        print(f"{path}: {len(as_run)} matrices; auto's choice as run {geomean(as_run):.4f}, suraa where the "
              f"longest-row rule took a matrix {geomean(without_long):.4f}, the inode rule applied "
              f"{geomean(with_inode_rule):.4f}")
        for line in long_hits:
            print("  longest-row rule: " + line)
        for line in inode_hits:
            print("  inode rule: " + line)


if __name__ == "__main__":
    main(sys.argv[1:])
