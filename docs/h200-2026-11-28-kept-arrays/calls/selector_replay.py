#!/usr/bin/env python3
"""Replays selector rules on oracle CSVs (call 5): each matrix's time is that of the format a
rule picks, timed alone in the same run (csr's where that format did not apply), against the
fastest format; prints the geometric-mean share of that best over all matrices and over the
two halves by name (every other matrix).
    selector_replay.py oracle-real.csv oracle-gen.csv"""
import csv, math, sys, statistics
rows=[]
for p in sys.argv[1:]:
    rows += list(csv.DictReader(open(p)))
by={}
for r in rows:
    by.setdefault(r['matrix'],{})[r['method']]=r
fmts="csr ipcsr dia brcsd1 brcsd2 inode suraa segspmv argcsr".split()
M=[]
for m,d in by.items():
    t={}
    for f in fmts:
        r=d.get(f)
        ch=[p for p in (r['selected'] if r else '').split('+') if p and p!='rcm']
        if r and r['status']=='ok' and r['correct']=='1' and (not ch or ch[0]==f): t[f]=float(r['median_us'])
    a=d['auto']; cus=min(float(d['cusparse-alg1']['median_us']),float(d['cusparse-alg2']['median_us']))
    auto_f=[p for p in d['auto']['selected'].split('+') if p and p!='rcm'][0]
    M.append(dict(name=m.split('/')[-1].replace('.mtx.gz',''),t=t,auto=auto_f,auto_t=float(a['median_us']),nnz=int(a['nnz']),
      cv=float(a['row_cv']),mean=float(a['mean_row']),maxr=int(a['max_row']),diag=a['diagonal_type'],cus=cus,xs=float(a['x_sectors_per_nnz'])))
def share(rule, ms):
    l=[]
    for x in ms:
        o=min(x['t'].values())
        f=rule(x)
        tt=x['t'].get(f, x['t'].get('csr'))
        l.append(math.log(o/tt))
    return math.exp(sum(l)/len(l))
base=lambda x: x['auto']
import itertools
def small_suraa(th):
    def r(x):
        if x['auto'] in ('argcsr',) and x['nnz']<th and 'suraa' in x['t']: return 'suraa'
        return x['auto']
    return r
def mid_suraa(lo,hi):
    def r(x):
        if x['auto']=='ipcsr' and lo<=x['nnz']<hi and 'suraa' in x['t']: return 'suraa'
        return x['auto']
    return r
halves=[[x for i,x in enumerate(sorted(M,key=lambda x:x['name'])) if i%2==h] for h in (0,1)]
print("n",len(M),"base(auto's choice timed alone)",round(share(base,M),3), "auto measured", round(math.exp(statistics.mean(math.log(min(x['t'].values())/x['auto_t']) for x in M)),3))
for th in [0, 20000, 50000, 100000]:
    print("argcsr->suraa below",th, round(share(small_suraa(th),M),3), [round(share(small_suraa(th),h),3) for h in halves])
for lo,hi in [(100000,400000),(100000,1000000),(0,1000000)]:
    print("ipcsr->suraa in",lo,hi, round(share(mid_suraa(lo,hi),M),3), [round(share(mid_suraa(lo,hi),h),3) for h in halves])
