#!/usr/bin/env python3
"""Bar chart of an aijadaptive-bench CSV: per matrix, one bar per method, the
fraction of the measured copy bandwidth reached under the CSR byte model.

usage: plot_bench.py RESULTS.csv OUT.png [--own]

--own plots the fraction under each method's own bytes instead. Wrong or
failed results are drawn as hatched empty bars at 0 so that they stand out.
Needs matplotlib (Debian: python3-matplotlib).
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    column = "frac_copy_own" if "--own" in argv else "frac_copy_csr_model"
    rows = [r for r in read(args[0]) if r.get("method")]
    if not rows:
        sys.stderr.write("plot_bench.py: %s has no results\n" % args[0])
        return 1
    matrices = list(dict.fromkeys(r["matrix"] for r in rows))
    methods = list(dict.fromkeys(r["method"] for r in rows))
    value = {}
    for r in rows:
        ok = r["correct"] == "1"
        value[(r["matrix"], r["method"])] = (number(r[column]) if ok else None, ok)

    width = 0.8 / len(methods)
    fig, ax = plt.subplots(figsize=(max(8.0, 0.9 * len(matrices) * max(1, len(methods)) / 3), 5.5))
    for k, method in enumerate(methods):
        xs, heights, hatches = [], [], []
        for i, m in enumerate(matrices):
            if (m, method) not in value:
                continue
            v, ok = value[(m, method)]
            xs.append(i - 0.4 + width * (k + 0.5))
            heights.append(v if v is not None else 0.0)
            hatches.append(not ok)
        bars = ax.bar(xs, heights, width, label=method)
        for bar, bad in zip(bars, hatches):
            if bad:
                bar.set_hatch("xx")
                bar.set_fill(False)
    first = rows[0]
    ax.axhline(1.0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(matrices)))
    ax.set_xticklabels(matrices, rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("fraction of copy bandwidth (%s bytes)" % ("own" if column == "frac_copy_own" else "CSR model"))
    where = "host mode" if first["mode"] == "host" else first["device"]
    copy = number(first["copy_gbps"])
    ax.set_title("aijadaptive-bench: %s, %s, int%s, copy bandwidth %s GB/s"
                 % (where, first["precision"], first["index_bits"], "%.0f" % copy if copy else "?"))
    ax.legend(fontsize=8, ncol=min(len(methods), 6))
    fig.tight_layout()
    fig.savefig(args[1], dpi=120)
    print("plot_bench.py: wrote %s (%d matrices, %d methods)" % (args[1], len(matrices), len(methods)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
