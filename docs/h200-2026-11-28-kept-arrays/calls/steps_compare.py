#!/usr/bin/env python3
"""A new matrix's set-up ("new matrix, analyse + upload" of aijadaptive-setup-timing), build
against build, from a call's unpacked outputs (steps-BUILD-ROUND-MATRIX.txt):
    steps_compare.py DIR "MATRIX ..." "OLD NEW" "ROUND ..."
prints each matrix's medians per round and the geometric mean of NEW/OLD (sums over rounds)."""
import re,math,sys
d=sys.argv[1]; fs=sys.argv[2].split(); vs=sys.argv[3].split(); rounds=sys.argv[4].split()
def g(v,r,f,key="new matrix, analyse"):
    for l in open(f"{d}/steps-{v}-{r}-{f}.txt"):
        if l.startswith(key): return float(re.search(r"([0-9.]+) us",l).group(1))
lr=[]
for f in fs:
    row=[[g(v,r,f) for r in rounds] for v in vs]
    print(f"{f:12s}"," | ".join(" ".join(f"{x:8.1f}" for x in rr) for rr in row))
    lr.append(math.log(sum(row[1])/sum(row[0])))
print("geomean %s/%s"%(vs[1],vs[0]), round(math.exp(sum(lr)/len(lr)),3))
