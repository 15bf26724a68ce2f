# rounds.py V...: in a call's output folder, each round's geometric mean of auto's set-up over the better
# cuSPARSE algorithm's (and the count at 1.5x or less), for versions V
import csv,glob,math,collections,sys
g=lambda x: math.exp(sum(map(math.log,x))/len(x))
vs=sys.argv[1:]
rounds=sorted({int(p.split('-')[-1][:-4]) for p in glob.glob(f"suite-v{vs[0]}-*.csv")})
for rnd in rounds:
    out=[]
    for v in vs:
        by=collections.defaultdict(dict)
        for r in csv.DictReader(open(f"suite-v{v}-{rnd}.csv")): by[r['matrix']][r['method']]=r
        rs=[]
        for m,x in by.items():
            a=x['auto']; c=min(float(x[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2'))
            rs.append((float(a['build_ms'])+float(a['upload_ms']))/c)
        out.append(f"v{v} {g(rs):.2f} ({sum(r<=1.5 for r in rs)})")
    print(rnd, *out)
