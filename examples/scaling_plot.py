#!/usr/bin/env python3
"""Tables and a picture of aijadaptive-scaling's CSV lines (one or more files,
from runs on different numbers of ranks).

usage: scaling_plot.py OUT.png RESULTS.csv [RESULTS.csv ...]

Prints a Markdown table per problem and kind of scaling (ranks, type, format,
MatMult and CG + Jacobi times and efficiencies against one GPU, ghost bytes,
the phases) and draws one panel per problem and kind of scaling (saying when
ranks shared GPUs, where the efficiency against one GPU is not scaling): MatMult's
efficiency (solid) and CG + Jacobi's (dashed) against the number of ranks, a
line per matrix type. Needs matplotlib (Debian: python3-matplotlib).
"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402


def read(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            rows += [r for r in csv.DictReader(f) if r.get("type")]
    return rows


def key(r):
    label = r["problem"] + (" dof %s" % r["dof"] if r["problem"] == "fem" else "")
    return "%s, n=%s, %s" % (label, r["n"], r["scaling"])


def table(name, rows):
    print("\n### %s\n" % name)
    print("| ranks | GPUs | type | format | rows | nnz | MatMult ms | eff. | CG ms/it | eff. | ghosts/rank max B "
          "| diag ms | exchange ms | off ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: (int(r["ranks"]), r["type"])):
        print("| %s | %s | %s | %s | %s | %s | %.4f | %.3f | %.4f | %.3f | %s | %.4f | %.4f | %.4f |" % (
            r["ranks"], r["gpus"], r["type"], r["format"], r["rows"], r["nnz"], float(r["matmult_ms"]),
            float(r["matmult_efficiency"]), float(r["cg_ms_per_it"]), float(r["cg_efficiency"]),
            r["ghost_bytes_max"], float(r["diag_ms"]), float(r["exchange_ms"]), float(r["off_ms"])))


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    rows = read(argv[2:])
    if not rows:
        sys.stderr.write("scaling_plot.py: no results in %s\n" % ", ".join(argv[2:]))
        return 1
    groups = defaultdict(list)
    for r in rows:
        groups[key(r)].append(r)
    fig, axes = plt.subplots(1, len(groups), figsize=(5 * len(groups), 4), squeeze=False)
    for ax, (name, group) in zip(axes[0], sorted(groups.items())):
        table(name, group)
        by_type = defaultdict(list)
        for r in group:
            by_type[r["type"]].append(r)
        for i, (t, rs) in enumerate(sorted(by_type.items())):
            rs.sort(key=lambda r: int(r["ranks"]))
            ranks = [int(r["ranks"]) for r in rs]
            colour = "C%d" % i
            ax.plot(ranks, [float(r["matmult_efficiency"]) for r in rs], "o-", color=colour, label=t + " MatMult")
            ax.plot(ranks, [float(r["cg_efficiency"]) for r in rs], "s--", color=colour, label=t + " CG+Jacobi")
        gpus = sorted({int(r["gpus"]) for r in group})
        shared = any(int(r["gpus"]) < int(r["ranks"]) for r in group)
        ax.set_title(name + ("\n(ranks sharing %s GPU%s)" % (gpus[0], "" if gpus[0] == 1 else "s")
                             if shared and len(gpus) == 1 else ""))
        ax.set_xlabel("ranks")
        ax.set_ylabel("efficiency against one GPU")
        ax.set_xticks(sorted({int(r["ranks"]) for r in group}))
        ax.set_ylim(bottom=0)
        ax.axhline(1.0, color="grey", linewidth=0.5)
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(argv[1], dpi=120)
    print("\nwrote %s" % argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
