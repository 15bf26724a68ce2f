#!/usr/bin/env python3
"""Issue 13: the oracle table from aijadaptive-bench CSVs. Per matrix: the
fastest format (the oracle: the best of csr, ipcsr, dia, ..., argcsr as the
selector could choose them), auto's choice and its share of the oracle's rate,
auto and the oracle against the better cuSPARSE algorithm, and every format's
share of the oracle. Then the summary the selector is judged by: auto's
geometric-mean share of the oracle, the matrices where auto falls below 0.95x
cuSPARSE, the formats' wins; where the runs have the method tune (autotune),
its share of the oracle and its figures against cuSPARSE the same way.
Usage: oracle_table.py run.csv [more.csv ...] [--plot FILE.png]"""
import csv
import math
import sys

NOT_FORMATS = ("auto", "tune", "cusparse-alg1", "cusparse-alg2", "kokkos")


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def load(paths):
    """{matrix: {"nnz", "mean_row", "max_row", "times": {method: us}, "auto": chosen}} in file order."""
    table = {}
    for path in paths:
        for r in csv.DictReader(open(path)):
            if not r["method"] or r["status"] != "ok" or r["correct"] != "1":
                continue
            # A fixed format that does not apply falls back (selected "csr",
            # "csr+rcm"): not that format's time. "rcm" alone is a reordering.
            chosen = [p for p in r["selected"].split("+") if p and p != "rcm"]
            if r["method"] not in NOT_FORMATS and chosen and chosen[0] != r["method"]:
                continue
            m = table.setdefault(r["matrix"], {"nnz": int(r["nnz"]), "mean_row": float(r["mean_row"]),
                                               "max_row": int(r["max_row"]), "times": {}, "auto": None,
                                               "tune": None})
            m["times"][r["method"]] = float(r["median_us"])
            if r["method"] in ("auto", "tune"):
                m[r["method"]] = r["selected"] or "?"
    return table


def chosen_format(selected):
    """The format of an auto or tune method's "selected" ("ipcsr+rcm" -> "ipcsr")."""
    return next((p for p in (selected or "").split("+") if p and p != "rcm"), None)


def rows_of(table):
    out = []
    for name, m in table.items():
        t = m["times"]
        formats = {k: v for k, v in t.items() if k not in NOT_FORMATS}
        cusp = [t[k] for k in ("cusparse-alg1", "cusparse-alg2") if k in t]
        if not formats or "auto" not in t:
            continue
        best = min(formats, key=formats.get)
        out.append({"matrix": name, "nnz": m["nnz"], "mean_row": m["mean_row"], "max_row": m["max_row"],
                    "best": best, "best_us": formats[best], "auto": m["auto"], "auto_us": t["auto"],
                    "tune_us": t.get("tune"), "tune": m["tune"],
                    "cusp_us": min(cusp) if cusp else float("nan"), "shares": {k: formats[best] / v for k, v in formats.items()}})
    return out


def main(argv):
    plot = None
    if "--plot" in argv:
        i = argv.index("--plot")
        plot = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    rows = rows_of(load(argv))
    if not rows:
        sys.exit("oracle_table.py: no matrix with every method's result in " + " ".join(argv))
    formats = sorted({k for r in rows for k in r["shares"]})
    print("| matrix | nnz | mean/max row | oracle (us) | auto | auto / oracle | auto vs cuSPARSE | oracle vs cuSPARSE | "
          + " | ".join(formats) + " |")
    print("|---" * (8 + len(formats)) + "|")
    for r in rows:
        shares = " | ".join(f"{r['shares'][f]:.2f}" if f in r["shares"] else "-" for f in formats)
        print(f"| {r['matrix'][-40:]} | {r['nnz']} | {r['mean_row']:.1f}/{r['max_row']} | {r['best']} "
              f"({r['best_us']:.1f}) | {r['auto']} | {r['best_us'] / r['auto_us']:.2f} | "
              f"{r['cusp_us'] / r['auto_us']:.2f}x | {r['cusp_us'] / r['best_us']:.2f}x | {shares} |")
    share = [r["best_us"] / r["auto_us"] for r in rows]
    below = [r for r in rows if r["cusp_us"] / r["auto_us"] < 0.95]  # NaN (no cuSPARSE: host runs) is never below
    print()
    print(f"matrices: {len(rows)}")
    print(f"auto's share of the oracle: geometric mean {geomean(share):.3f}, lowest {min(share):.2f}")
    print(f"auto vs the better cuSPARSE: geometric mean {geomean([r['cusp_us'] / r['auto_us'] for r in rows]):.3f}; "
          f"below 0.95x on {len(below)}: " + ", ".join(f"{r['matrix'][-30:]} {r['cusp_us'] / r['auto_us']:.2f}x"
                                                       for r in below[:12]))
    print(f"the oracle vs the better cuSPARSE: geometric mean "
          f"{geomean([r['cusp_us'] / r['best_us'] for r in rows]):.3f}")
    tuned = [r for r in rows if r["tune_us"]]
    if tuned:
        tune_share = [r["best_us"] / r["tune_us"] for r in tuned]
        tune_cusp = [r["cusp_us"] / r["tune_us"] for r in tuned]
        tune_below = [r for r in tuned if r["cusp_us"] / r["tune_us"] < 0.95]
        print(f"tune's share of the oracle ({len(tuned)} matrices): geometric mean {geomean(tune_share):.3f}, "
              f"lowest {min(tune_share):.2f}; auto's on the same matrices "
              f"{geomean([r['best_us'] / r['auto_us'] for r in tuned]):.3f}")
        for label, part in (("under 1M nonzeros", [r for r in tuned if r["nnz"] < 1_000_000]),
                            ("1M nonzeros or more", [r for r in tuned if r["nnz"] >= 1_000_000])):
            # tune's format as a method of its own in the same run: its choice without its own timing's noise
            alone = [r["shares"][c] for r in part for c in [chosen_format(r["tune"])] if c in r["shares"]]
            print(f"  {label} ({len(part)}): auto {geomean([r['best_us'] / r['auto_us'] for r in part]):.3f}, "
                  f"tune {geomean([r['best_us'] / r['tune_us'] for r in part]):.3f}, "
                  f"tune's format timed alone {geomean(alone):.3f}")
        print(f"tune vs the better cuSPARSE: geometric mean {geomean(tune_cusp):.3f}; below 0.95x on "
              f"{len(tune_below)}: " + ", ".join(f"{r['matrix'][-30:]} {r['cusp_us'] / r['tune_us']:.2f}x"
                                                  for r in tune_below[:12]))
    wins = {f: sum(r["best"] == f for r in rows) for f in formats}
    print("oracle wins: " + ", ".join(f"{f} {n}" for f, n in sorted(wins.items(), key=lambda kv: -kv[1]) if n))
    print("each format's geometric-mean share of the oracle (where it applies): " +
          ", ".join(f"{f} {geomean([r['shares'][f] for r in rows if f in r['shares']]):.2f}" for f in formats))
    if plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        order = sorted(rows, key=lambda r: r["nnz"])
        fig, ax = plt.subplots(figsize=(12, 4.5))
        xs = range(len(order))
        ax.scatter(xs, [r["cusp_us"] / r["best_us"] for r in order], s=14, label="oracle format vs cuSPARSE")
        ax.scatter(xs, [r["cusp_us"] / r["auto_us"] for r in order], s=14, marker="x", label="auto vs cuSPARSE")
        ax.axhline(1.0, color="grey", lw=0.8)
        ax.set_yscale("log")
        ax.set_xlabel("matrices by nonzeros (small to large)")
        ax.set_ylabel("speedup over the better cuSPARSE algorithm")
        ax.legend()
        fig.tight_layout()
        fig.savefig(plot, dpi=120)
        print("wrote " + plot)


if __name__ == "__main__":
    main(sys.argv[1:])
