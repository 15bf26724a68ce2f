import re,glob,statistics,sys,collections
d=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+'/steps-*.txt'):
    m=re.match(r'.*/steps-(\w+)-(.+)-(\d)\.txt',f); v,mat,r=m.groups()
    t=open(f).read()
    g=lambda p: float(re.search(p,t).group(1)) if re.search(p,t) else float('nan')
    d[(mat)].setdefault(v,[]).append((g(r'analyse \+ upload\s+([\d.]+)'),g(r'values\)\s+([\d.]+)'),g(r'copied alone\s+([\d.]+)'),g(r'host build\s+([\d.]+)'),g(r'synchronize\s+([\d.]+)'),re.search(r'format: (\S+)',t).group(1) if 'format:' in t else '?'))
vs=sys.argv[2].split(',')
print("%-14s %-8s "%("matrix","format")+" ".join("%18s"%v for v in vs)+"   (new matrix us r1/r2; then refill/vals; hb; upl)")
for mat in sorted(d):
    row=d[mat]
    print("%-14s %-8s "%(mat,row[vs[0]][0][5])+" ".join("%8.1f/%-8.1f"%(row[v][0][0],row[v][1][0]) if v in row and len(row[v])>1 else "%18s"%'-' for v in vs))
    print("%-23s"%"  refill/vals"+" ".join("%8.1f/%-8.1f"%(statistics.mean(x[1] for x in row[v]),statistics.mean(x[2] for x in row[v])) for v in vs if v in row))
    print("%-23s"%"  hb / upl"+" ".join("%8.1f/%-8.1f"%(statistics.mean(x[3] for x in row[v]),statistics.mean(x[4] for x in row[v])) for v in vs if v in row))
