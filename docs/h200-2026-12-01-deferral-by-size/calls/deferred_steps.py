import csv,glob,collections,statistics,sys
v=sys.argv[1]; lo=int(sys.argv[2]); hi=int(sys.argv[3])
d=collections.defaultdict(list)
for p in glob.glob(f'suite-v{v}-*.csv'):
    by=collections.defaultdict(dict)
    for r in csv.DictReader(open(p)): by[r['matrix']][r['method']]=r
    for m,x in by.items():
      a=x['auto']; c=min(float(x[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
      cs=x.get('csr')
      d[m].append((a['selected'],int(a['nnz']),float(a['build_ms'])*1e3,float(a['upload_ms'])*1e3,c*1e3,(float(cs['build_ms'])+float(cs['upload_ms']))*1e3 if cs else 0))
for m,l in sorted(d.items(), key=lambda kv: kv[1][0][1]):
    if lo<=l[0][1]<hi:
      med=lambda i: statistics.median(t[i] for t in l)
      print(f"  {m:24s} {l[0][0]:8s} {l[0][1]:7d} build {med(2):6.1f} upload {med(3):6.1f} cusp {med(4):6.1f} csr {med(5):6.1f}  auto/cusp {(med(2)+med(3))/med(4):.2f} csr/cusp {med(5)/med(4):.2f}")
