# permat.py LO HI V...: per matrix of LO <= nnz < HI, each version's median over the rounds of the set-up
# ratio, build + upload / cuSPARSE's (us)
import csv,glob,statistics,collections,sys
lo,hi=int(sys.argv[1]),int(sys.argv[2]); vs=sys.argv[3:]
res={}
for v in vs:
  d=collections.defaultdict(lambda: collections.defaultdict(list)); nnz={}; sel={}
  for p in glob.glob(f"suite-v{v}-*.csv"):
    by=collections.defaultdict(dict)
    for r in csv.DictReader(open(p)): by[r['matrix']][r['method']]=r
    for m,x in by.items():
        a=x['auto']; c=min(float(x[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
        d[m]['b'].append(float(a['build_ms'])*1e3); d[m]['u'].append(float(a['upload_ms'])*1e3); d[m]['c'].append(c*1e3)
        d[m]['r'].append((float(a['build_ms'])+float(a['upload_ms']))/c); nnz[m]=int(a['nnz']); sel[m]=a['selected']
  res[v]=(d,nnz,sel)
nnz=res[vs[0]][1]; sel=res[vs[0]][2]
med=lambda d,m,k: statistics.median(d[m][k])
for m in sorted(nnz,key=lambda m:nnz[m]):
  if not lo<=nnz[m]<hi: continue
  print(f"{m[:-7][:14]:14s} {nnz[m]:7d} {sel[m][:7]:7s}", " | ".join(f"v{v} {med(res[v][0],m,'r'):.2f} {med(res[v][0],m,'b'):4.0f}+{med(res[v][0],m,'u'):4.0f}/{med(res[v][0],m,'c'):4.0f}" for v in vs))
