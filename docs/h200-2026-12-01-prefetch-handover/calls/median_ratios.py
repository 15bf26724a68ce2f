# median_ratios.py DIR A B: per matrix, the median over rounds of auto's set-up over the better cuSPARSE's, for versions A and B
import csv,sys,glob,math,statistics,collections
d,va,vb=sys.argv[1:4]
def per(v):
    out=collections.defaultdict(list); sel={}
    for p in sorted(glob.glob(f"{d}/suite-v{v}-*.csv")):
        by=collections.defaultdict(dict)
        for r in csv.DictReader(open(p)): by[r['matrix']][r['method']]=r
        for m,x in by.items():
            a=x['auto']; c=min(float(x[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
            out[m].append((float(a['build_ms'])+float(a['upload_ms']))/c); sel[m]=a['selected']
    return {m:statistics.median(r) for m,r in out.items()},sel
A,sa=per(va); B,sb=per(vb)
g=lambda x: math.exp(sum(map(math.log,x))/len(x))
print(f"per-matrix medians: v{va} geomean {g(A.values()):.2f}, <=1.5 {sum(r<=1.5 for r in A.values())}/{len(A)};  v{vb} geomean {g(B.values()):.2f}, <=1.5 {sum(r<=1.5 for r in B.values())}/{len(B)}")
print("same selections:", all(sa[m]==sb[m] for m in sa))
byf=collections.defaultdict(list)
for m in A: byf[sb[m]].append(B[m]/A[m])
for f,x in sorted(byf.items()): print(f"  {f:10s} {len(x):3d} matrices: new/old set-up ratio geomean {g(x):.2f}")
worst=sorted(B.items(), key=lambda kv:-kv[1])[:15]
print("largest (new):", ", ".join(f"{m} {r:.1f}x ({sb[m]}, old {A[m]:.1f})" for m,r in worst))
