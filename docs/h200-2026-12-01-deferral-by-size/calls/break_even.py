# break_even.py DIR V: from a suite run's CSVs (suite-vV-*.csv), each matrix's medians over the rounds of auto's
# set-up and product and the faster cuSPARSE algorithm's, and the products N from which auto's set-up plus N
# products is shorter than cuSPARSE's (0 where auto's set-up is already shorter).
import csv, glob, collections, statistics, sys
d = collections.defaultdict(list)
for p in glob.glob(f"{sys.argv[1]}/suite-v{sys.argv[2]}-*.csv"):
    by = collections.defaultdict(dict)
    for r in csv.DictReader(open(p)):
        by[r["matrix"]][r["method"]] = r
    for m, x in by.items():
        a = x["auto"]
        best = min(("cusparse-alg1", "cusparse-alg2"), key=lambda k: float(x[k]["median_us"]))
        d[m].append(((float(a["build_ms"]) + float(a["upload_ms"])) * 1e3, float(x[best]["upload_ms"]) * 1e3,
                     float(a["median_us"]), float(x[best]["median_us"]), int(a["nnz"])))
rows = []
for m, l in d.items():
    sa, sc, ta, tc = (statistics.median(t[i] for t in l) for i in range(4))
    n = 0.0 if sa <= sc else (sa - sc) / (tc - ta) if tc > ta else float("inf")
    rows.append((n, m, l[0][4], sa, sc, ta, tc))
rows.sort()
finite = [r[0] for r in rows if r[0] != float("inf")]
print(f"{len(rows)} matrices; auto's product faster on {sum(r[5] < r[6] for r in rows)}; break-even products: "
      f"median {statistics.median(finite):.1f}, at most 10 on {sum(x <= 10 for x in finite)}, at most 20 on "
      f"{sum(x <= 20 for x in finite)}, largest {max(finite):.1f}")
print("\n| matrix | entries | break-even products | set-up auto / cuSPARSE (us) | product auto / cuSPARSE (us) |")
print("|---|---|---|---|---|")
for n, m, nnz, sa, sc, ta, tc in rows:
    print(f"| {m.replace('.mtx.gz', '')} | {nnz} | {n:.1f} | {sa:.0f} / {sc:.0f} | {ta:.1f} / {tc:.1f} |")
