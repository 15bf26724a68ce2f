import csv,collections,statistics,math,sys,os
# t_table.py DIR: segspmv at T = 64 against T = 128, each process's speedup over its own better cuSPARSE, mean of
# the two rounds; and segspmv's own time at 128 over 64.
d=sys.argv[1]; mean=statistics.mean; g=lambda v: math.exp(sum(map(math.log,v))/len(v))
sp=collections.defaultdict(lambda: collections.defaultdict(list)); us=collections.defaultdict(lambda: collections.defaultdict(list))
for t in (128,64):
    for r_ in (1,2):
        by={}
        for r in csv.DictReader(open(os.path.join(d,f't{t}-r{r_}.csv'))): by[(r['matrix'],r['method'])]=float(r['median_us'])
        for m in {k[0] for k in by}:
            us[m][t].append(by[(m,'segspmv')]); sp[m][t].append(min(by[(m,'cusparse-alg1')],by[(m,'cusparse-alg2')])/by[(m,'segspmv')])
gens=[m for m in us if m.startswith('gen:')]; reals=[m for m in us if not m.startswith('gen:')]
print("| matrix | T=128 | T=64 | time at 128 / at 64 |"); print("|---|---|---|---|")
for m in gens: print(f"| {m} | {mean(sp[m][128]):.2f} | {mean(sp[m][64]):.2f} | {mean(us[m][128])/mean(us[m][64]):.3f} |")
for name,ms in (("generated",gens),("real",reals)):
    rat=[mean(us[m][128])/mean(us[m][64]) for m in ms]
    print(name,len(ms),"time at 128 / at 64: geomean",round(g(rat),3),"min",round(min(rat),3),min(ms,key=lambda m: mean(us[m][128])/mean(us[m][64])),"max",round(max(rat),3))
    print("  speedup geomean T128",round(g([mean(sp[m][128]) for m in ms]),3),"T64",round(g([mean(sp[m][64]) for m in ms]),3),"lowest",round(min(mean(sp[m][128]) for m in ms),2),round(min(mean(sp[m][64]) for m in ms),2))
