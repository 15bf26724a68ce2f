# refills.py V...: in a folder of setup-timing outputs steps-vV-M-R.txt, each matrix's refill over its
# values' pageable copy alone (medians over rounds), the geometric mean and the count at 1.2x or less
import glob,re,collections,statistics,math,sys
d=collections.defaultdict(dict)
for p in glob.glob("steps-v*-*.txt"):
    v,name,rnd=re.match(r"steps-v(\d+)-(.+)-(\d+)\.txt",p.split('/')[-1]).groups()
    t=open(p).read()
    m=re.search(r"(\d+) rows, (\d+) nonzeros; format: (\S+)",t)
    if not m: continue
    ref=re.search(r"refill \(same pattern, values\)\s+([\d.]+) us",t); alone=re.search(r"the values copied alone\s+([\d.]+) us",t)
    new=re.search(r"new matrix, analyse \+ upload\s+([\d.]+) us",t)
    d[(name,int(m.group(2)),m.group(3))].setdefault(v,[]).append((float(ref.group(1)),float(alone.group(1)),float(new.group(1))))
g=lambda x: math.exp(sum(map(math.log,x))/len(x))
vs=sys.argv[1:]
agg=collections.defaultdict(list)
for (name,nnz,fmt),x in sorted(d.items(), key=lambda kv:kv[0][1]):
    cells=[]
    for v in vs:
        rs=[r/a for r,a,_ in x[v]]; agg[v].append(statistics.median(rs))
        cells.append(f"v{v} {statistics.median([r for r,_,_ in x[v]]):6.1f}/{statistics.median([a for _,a,_ in x[v]]):6.1f} = {statistics.median(rs):.2f}")
    print(f"{name[:14]:14s} {nnz:7d} {fmt[:8]:8s} "+" | ".join(cells))
for v in vs: print(f"v{v}: geomean refill/values-alone {g(agg[v]):.2f}, <=1.2: {sum(r<=1.2 for r in agg[v])}/{len(agg[v])}")
