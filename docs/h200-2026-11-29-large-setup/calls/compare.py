#!/usr/bin/env python3
"""Tables of stop 57's calls from the benchmark's CSVs.
    compare.py setup OLD1 NEW1 [OLD2 NEW2 ...]  set-up (build + upload) per matrix and method over the
                                          better cuSPARSE algorithm's of the same run, each round and
                                          the median, old and new
    compare.py speed CSV...               median us per matrix and method, each file a column, and
                                          the speed-up over the better cuSPARSE algorithm"""
import csv, statistics, sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def short(m):
    return m.split("/")[-1].replace(".mtx.gz", "").replace("gen:", "")


def setup(paths):
    """paths: old and new CSVs in turn (old1 new1 old2 new2 ...): per matrix and method, the set-up
    over the better cuSPARSE algorithm's of the same run, each round, and the median."""
    def table(path):
        t = {}
        for r in rows(path):
            total = float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)
            name = r["method"] + (":" + r["selected"] if r["selected"] else "")
            t.setdefault(short(r["matrix"]), {})[r["method"]] = (name, total)
        return t
    runs = {"old": [table(p) for p in paths[0::2]], "new": [table(p) for p in paths[1::2]]}
    ratio = lambda t, m, k: t[m][k][1] / min(t[m]["cusparse-alg1"][1], t[m]["cusparse-alg2"][1])
    print("| matrix | method | old, each round | new, each round | old median | new median | new / old (ms, medians) |")
    print("|---|---|---|---|---|---|---|")
    for m in runs["new"][0]:
        for k, (name, _) in runs["new"][0][m].items():
            if k.startswith("cusparse"):
                continue
            o = [ratio(t, m, k) for t in runs["old"]]
            n = [ratio(t, m, k) for t in runs["new"]]
            ms = lambda side: statistics.median(t[m][k][1] for t in runs[side])
            print(f"| {m} | {name} | {' / '.join(f'{x:.2f}' for x in o)} | {' / '.join(f'{x:.2f}' for x in n)} | "
                  f"{statistics.median(o):.2f} | {statistics.median(n):.2f} | {ms('new') / ms('old'):.2f} |")
        cu = lambda t: min(t[m]["cusparse-alg1"][1], t[m]["cusparse-alg2"][1])
        print(f"| {m} | cuSPARSE, ms | {' / '.join(f'{cu(t):.2f}' for t in runs['old'])} | "
              f"{' / '.join(f'{cu(t):.2f}' for t in runs['new'])} | | | |")


def speed(paths):
    cols = [rows(p) for p in paths]
    print("| matrix | method | " + " | ".join(p.split("/")[-1] for p in paths) + " |")
    print("|---" * (len(paths) + 2) + "|")
    keys = []
    for r in cols[0]:
        k = (short(r["matrix"]), r["method"])
        if k not in keys:
            keys.append(k)
    for m, meth in keys:
        if meth.startswith("cusparse"):
            continue
        cells = []
        for c in cols:
            t = {r["method"]: float(r["median_us"]) for r in c if short(r["matrix"]) == m}
            cu = min(t["cusparse-alg1"], t["cusparse-alg2"])
            cells.append(f"{t[meth]:.1f} ({cu / t[meth]:.2f}x)")
        print(f"| {m} | {meth} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if sys.argv[1] == "setup":
        setup(sys.argv[2:])
    else:
        speed(sys.argv[2:])
