# steps_table.py DIR A B: setup-timing's steps of each matrix (steps-vA-M-1.txt against steps-vB-M-1.txt), medians in us
import re,glob,sys
d,va,vb=sys.argv[1:4]
def g(t,p):
    m=re.search(p,t); return float(m.group(1)) if m else float('nan')
P=[("new",r'analyse \+ upload\s+([\d.]+)'),("analysis",r'analyse_matrix \(auto\)\s+([\d.]+)'),("host build",r'host build\s+([\d.]+)'),
   ("upload",r'upload \+ synchronize\s+([\d.]+)'),("refill",r'refill \(same pattern, values\)\s+([\d.]+)'),("values alone",r'copied alone\s+([\d.]+)')]
mats=sorted({re.match(r'.*/steps-v\d-(.+)-1\.txt',f).group(1) for f in glob.glob(d+'/steps-v'+vb+'-*-1.txt')})
print("| matrix | format | "+" | ".join(n for n,_ in P)+" |")
print("|---|---|"+"---|"*len(P))
for m in mats:
    t0=open(d+"/steps-v"+va+"-"+m+"-1.txt").read(); t1=open(d+"/steps-v"+vb+"-"+m+"-1.txt").read()
    fmt=re.search(r'format: (\S+)',t1).group(1)
    print("| %s | %s | "%(m,fmt)+" | ".join("%.1f -> %.1f"%(g(t0,p),g(t1,p)) for _,p in P)+" |")
