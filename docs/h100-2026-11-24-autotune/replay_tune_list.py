#!/usr/bin/env python3
"""How the tune's candidate list was chosen (src/core/selector.cpp,
tune_storage): on the first oracle table (docs/h100-2026-11-24-oracle, calls
1-3), the best of the first k formats of the list, per matrix, over the
matrix's fastest format (geometric mean), for k = 1 (auto's choice alone) to
7. A replay of the measured times: no timing noise of the tune's own.
Usage: replay_tune_list.py ../h100-2026-11-24-oracle/call[123]*.csv"""
import collections
import csv
import math
import sys

FORMATS = ["csr", "ipcsr", "dia", "brcsd1", "brcsd2", "inode", "suraa", "segspmv", "argcsr"]
DIAGONAL = {"dia", "brcsd1", "brcsd2"}


def tune_list(auto_choice):
    order = [auto_choice] + (["dia", "brcsd1", "brcsd2"] if auto_choice in DIAGONAL else [])
    order += ["ipcsr", "argcsr", "suraa", "segspmv", "csr"]
    return list(dict.fromkeys(order))


def main(paths):
    by = collections.defaultdict(dict)
    for path in paths:
        for r in csv.DictReader(open(path)):
            if r["status"] == "ok":
                by[r["matrix"]][r["method"]] = r
    cases = []
    for d in by.values():
        if "auto" not in d:
            continue
        times = {f: float(d[f]["median_us"]) for f in FORMATS
                 if f in d and (d[f]["selected"] == "" or d[f]["selected"].startswith(f))}
        if times:
            cases.append((d["auto"]["selected"].replace("+rcm", ""), times))
    print(f"{len(cases)} matrices")
    for k in range(1, 8):
        logs = [math.log(min(t.values()) / min(t.get(f, math.inf) for f in tune_list(a)[:k])) for a, t in cases]
        print(f"first {k}: {math.exp(sum(logs) / len(logs)):.3f} of the per-matrix best")


if __name__ == "__main__":
    main(sys.argv[1:])
