import csv,collections,statistics,math,sys
# suite_table.py CSV...: per matrix (mean of the rounds): speedup over the better cuSPARSE of segspmv, ipcsr, suraa,
# auto; segspmv's set-up (build + upload) over the better cuSPARSE's set-up (upload; its build column is '-').
files=sys.argv[1:]
sp=collections.defaultdict(lambda: collections.defaultdict(list)); su=collections.defaultdict(list); info={}
for f in files:
    by={}
    for r in csv.DictReader(open(f)):
        by[(r['matrix'],r['method'])]=r; info[r['matrix']]=r
    for m in {k[0] for k in by}:
        c1,c2=by[(m,'cusparse-alg1')],by[(m,'cusparse-alg2')]
        cu=min(float(c1['median_us']),float(c2['median_us']))
        cus=min(float(c1['upload_ms'])+(float(c1['build_ms']) if c1['build_ms'] not in ('','-') else 0),
                float(c2['upload_ms'])+(float(c2['build_ms']) if c2['build_ms'] not in ('','-') else 0))
        for meth in ['segspmv','ipcsr','suraa','auto']:
            sp[m][meth].append(cu/float(by[(m,meth)]['median_us']))
        s=by[(m,'segspmv')]; su[m].append((float(s['build_ms'])+float(s['upload_ms']))/cus)
g=lambda v: math.exp(sum(map(math.log,v))/len(v))
mean=statistics.mean
print("| matrix | nnz | nnz/row | row cv | segspmv | ipcsr | suraa | auto | segspmv set-up / cuSPARSE's |")
print("|---|---|---|---|---|---|---|---|---|")
gens=[m for m in sp if m.startswith('gen:')]; reals=sorted(m for m in sp if not m.startswith('gen:'))
for m in gens+reals:
    i=info[m]
    print(f"| {m} | {i['nnz']} | {float(i['mean_row']):.1f} | {float(i['row_cv']):.2f} | "+" | ".join(f"{mean(sp[m][k]):.2f}" for k in ['segspmv','ipcsr','suraa','auto'])+f" | {mean(su[m]):.2f} |")
allm=gens+reals
print()
print("all", len(allm), "segspmv geo", round(g([mean(sp[m]['segspmv']) for m in allm]),3), "lowest", round(min(mean(sp[m]['segspmv']) for m in allm),2), min(allm,key=lambda m: mean(sp[m]['segspmv'])))
reg=[m for m in allm if 8<=float(info[m]['mean_row'])<=64 and float(info[m]['row_cv'])<0.5]
print("regular 8-64/row cv<0.5:", len(reg), "lowest", round(min(mean(sp[m]['segspmv']) for m in reg),2), min(reg,key=lambda m: mean(sp[m]['segspmv'])), "geo", round(g([mean(sp[m]['segspmv']) for m in reg]),3))
print("segspmv beats ipcsr on", sum(mean(sp[m]['segspmv'])>mean(sp[m]['ipcsr']) for m in allm), "of", len(allm))
sus=[mean(su[m]) for m in allm]
print("set-up ratio: geo", round(g(sus),2), "median", round(statistics.median(sus),2), "<=1.5 on", sum(x<=1.5 for x in sus), "of", len(sus), "max", round(max(sus),2))
