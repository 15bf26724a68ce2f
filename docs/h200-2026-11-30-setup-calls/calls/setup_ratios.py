import csv,sys,math,collections
def load(p):
    by=collections.defaultdict(dict)
    for r in csv.DictReader(open(p)): by[r['matrix']][r['method']]=r
    out={}
    for m,d in by.items():
        a=d['auto']; c=min(float(d[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
        out[m]=((float(a['build_ms'])+float(a['upload_ms']))/c, a['selected'], float(a['build_ms']), float(a['upload_ms']), c)
    return out
res={p:load(p) for p in sys.argv[1:]}
for p,o in res.items():
    r=[v[0] for v in o.values()]
    g=math.exp(sum(map(math.log,r))/len(r))
    byf=collections.defaultdict(list)
    for v in o.values(): byf[v[1]].append(v[0])
    print("%-28s geomean %.2f  <=1.5: %d/%d  "%(p.split('/')[-1],g,sum(x<=1.5 for x in r),len(r))+" ".join("%s %.2f(%d)"%(f,math.exp(sum(map(math.log,x))/len(x)),len(x)) for f,x in sorted(byf.items())))
