import csv,glob,statistics,collections,sys
# usage: seg_table.py DIR BUILD... : speedup over the better cuSPARSE (per process), mean over the rounds
d=sys.argv[1]; builds=sys.argv[2:]
t=collections.defaultdict(lambda: collections.defaultdict(list))
for b in builds:
    for f in sorted(glob.glob(f"{d}/{b}-r*.csv")):
        rows=list(csv.DictReader(open(f)))
        by={(r['matrix'],r['method']):float(r['median_us']) for r in rows}
        for (m,meth),us in by.items():
            if meth=='segspmv':
                cu=min(by[(m,'cusparse-alg1')],by[(m,'cusparse-alg2')])
                t[m][b].append((cu/us,us))
print("| matrix | "+" | ".join(f"{b} (us)" for b in builds)+" | "+" | ".join(f"{b} vs cuSPARSE" for b in builds)+" |")
print("|---|"+"---|"*(2*len(builds)))
for m in t:
    us=[statistics.mean(x[1] for x in t[m][b]) for b in builds]
    sp=[statistics.mean(x[0] for x in t[m][b]) for b in builds]
    print(f"| {m} | "+" | ".join(f"{u:.1f}" for u in us)+" | "+" | ".join(f"{s:.2f}" for s in sp)+" |")
