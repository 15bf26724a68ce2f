import csv,collections,statistics,sys,os
# l_sweep.py DIR: per matrix, speedup over the better cuSPARSE at L = 1, 2, 4, 8 and the rule's L (mean of two
# rounds); time per own byte at L over L = 1's, and the median of those ratios (the rule's byte weights).
d=sys.argv[1]
t=collections.defaultdict(lambda: collections.defaultdict(list)); own={}; Lrule={}
for s in ['base','L1','L2','L4','L8','rule']:
    for rnd in (1,2):
        f=os.path.join(d,f'{s}-{rnd}.csv')
        for r in csv.DictReader(open(f)):
            m=r['matrix']
            key=r['method'] if s=='base' else s
            t[m][key].append(float(r['median_us']))
            if s!='base': own[(m,s)]=float(r['own_bytes'])
mean=statistics.mean
print("| matrix | mean row | L=1 | L=2 | L=4 | L=8 | rule |"); print("|---|---|---|---|---|---|---|")
w=collections.defaultdict(list)
rows={}
for r in csv.DictReader(open(os.path.join(d,'base-1.csv'))): rows[r['matrix']]=r['mean_row']
for m,x in t.items():
    cu=min(mean(x['cusparse-alg1']),mean(x['cusparse-alg2']))
    print(f"| {m} | {float(rows[m]):.1f} | "+" | ".join(f"{cu/mean(x[s]):.2f}" for s in ['L1','L2','L4','L8','rule'])+" |")
    per1=mean(x['L1'])/own[(m,'L1')]
    for s in ['L2','L4','L8']: w[s].append((mean(x[s])/own[(m,s)])/per1)
for s in ['L2','L4','L8']: print(s,"time per byte over L=1: median",round(statistics.median(w[s]),3),"range",round(min(w[s]),2),round(max(w[s]),2))
