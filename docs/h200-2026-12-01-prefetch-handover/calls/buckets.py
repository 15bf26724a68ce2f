# buckets.py DIR V...: per-matrix medians over rounds, geometric means by nonzeros
import csv,glob,collections,statistics,math,sys
d=sys.argv[1]
def per(v):
    out=collections.defaultdict(list); info={}
    for p in sorted(glob.glob(f"{d}/suite-v{v}-*.csv")):
        by=collections.defaultdict(dict)
        for r in csv.DictReader(open(p)): by[r['matrix']][r['method']]=r
        for m,x in by.items():
            a=x['auto']; c=min(float(x[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
            out[m].append((float(a['build_ms'])+float(a['upload_ms']))/c); info[m]=(a['selected'],int(a['nnz']))
    return {m:statistics.median(r) for m,r in out.items()},info
res={v:per(v) for v in sys.argv[2:]}
g=lambda x: math.exp(sum(map(math.log,x))/len(x))
info=next(iter(res.values()))[1]
print("%-22s"%"nonzeros"+"".join("%14s"%("v"+v) for v in res))
for lo,hi in [(0,8192),(8192,32768),(32768,131072),(131072,10**9),(0,10**9)]:
    ms=[m for m in info if lo<=info[m][1]<hi]
    print("%-22s"%f"[{lo},{hi}) {len(ms)}"+"".join("%8.2f (%2d)"%(g([r[0][m] for m in ms]),sum(r[0][m]<=1.5 for m in ms)) for r in res.values()))
