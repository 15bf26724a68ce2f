#!/usr/bin/env python3
"""auto before and after, from call 4's A/B CSVs (ab-{real,gen}-{old,new}-{1,2}.csv in DIR): per
matrix the format, the product (median us) and the set-up (build + upload, median of 5 fresh
set-ups) over the better cuSPARSE algorithm's (upload + preprocessing) in the same process, both
rounds; then how many products pay for the set-up's difference where the product got faster (the
difference of the two ratios times cuSPARSE's set-up, averaged over the four processes, over the
product's gain).
    ab_table.py DIR"""
import csv, math, os, sys


def load(path):
    by = {}
    for r in csv.DictReader(open(path)):
        by.setdefault(r["matrix"].split("/")[-1].replace(".mtx.gz", ""), {})[r["method"]] = r
    total = lambda r: (float(r["build_ms"] or 0) + float(r["upload_ms"] or 0)) * 1e3
    out = {}
    for m, d in by.items():
        cus = min(total(d["cusparse-alg1"]), total(d["cusparse-alg2"]))
        a = d["auto"]
        out[m] = (a["selected"], float(a["median_us"]), cus, total(a) / cus, int(a["nnz"]))
    return out


def main(folder):
    runs = {(v, k): {} for v in ("old", "new") for k in (1, 2)}
    for (v, k), d in runs.items():
        for part in ("real", "gen"):
            d.update(load(os.path.join(folder, "ab-%s-%s-%d.csv" % (part, v, k))))
    print("| matrix | nnz | format before -> after | product us before / after | set-up ratio before / after | products to pay back |")
    print("|---|---|---|---|---|---|")
    for m in runs[("old", 1)]:
        o = [runs[("old", k)][m] for k in (1, 2)]
        n = [runs[("new", k)][m] for k in (1, 2)]
        po, pn = sum(x[1] for x in o) / 2, sum(x[1] for x in n) / 2
        cus = sum(x[2] for x in o + n) / 4
        ro, rn = sum(x[3] for x in o) / 2, sum(x[3] for x in n) / 2
        pay = "-" if pn >= po else ("none" if rn <= ro else "%.0f" % ((rn - ro) * cus / (po - pn)))
        print("| %s | %d | %s -> %s | %s / %s | %s / %s | %s |" % (
            m, o[0][4], o[0][0], n[0][0], "-".join("%.1f" % x[1] for x in o), "-".join("%.1f" % x[1] for x in n),
            "-".join("%.2f" % x[3] for x in o), "-".join("%.2f" % x[3] for x in n), pay))


if __name__ == "__main__":
    main(sys.argv[1])
