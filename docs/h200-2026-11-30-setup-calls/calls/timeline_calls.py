import csv,gzip,sys
rows=list(csv.DictReader(gzip.open(sys.argv[1],'rt')))
for r in rows:
    for k in ('start_ns','end_ns'): r[k]=int(r[k])
rows.sort(key=lambda r:r['start_ns'])
skip=('cuGetProcAddress','cuDeviceGetAttribute','cudaGetDevice_','cudaGetLastError','cuKernelGetName')
rows=[r for r in rows if not any(s in r['name'] for s in skip)]
t0=rows[0]['start_ns']; prev=None
lo=float(sys.argv[2]) if len(sys.argv)>2 else 0; hi=float(sys.argv[3]) if len(sys.argv)>3 else 1e18
for r in rows:
    s=(r['start_ns']-t0)/1e3
    if s<lo or s>hi: continue
    d=(r['end_ns']-r['start_ns'])/1e3
    nm=r['name'][:70]
    print("%12.1f %8.1f %-8s %s"%(s,d,r['kind'],nm))
