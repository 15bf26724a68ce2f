import re,math,sys
N=sys.argv[1]; fa,fb=sys.argv[2:4]; lo,hi=int(sys.argv[4]),int(sys.argv[5])
def parse(f):
    out={}; m=None
    for line in open(f):
        g=re.match(r'matrix (\S+):.*?nnz (\d+)',line)
        if g: m=g.group(1); nnz=int(g.group(2)); continue
        g=re.search(r'set-up and the first '+N+r' products: ([\d.]+) ms \(products ([\d.]+) ms\), (\S+) running then',line)
        if g and m and m not in out: out[m]=(nnz,float(g.group(1))*1e3,float(g.group(2))*1e3,g.group(3))
    return out
a=parse(fa); b=parse(fb)
r=[]
for m in sorted(a,key=lambda m:a[m][0]):
    if lo<=a[m][0]<hi:
        print(f"{m:24s} {a[m][0]:7d}  A {a[m][1]:7.1f} (prod {a[m][2]:6.1f})   B {b[m][1]:7.1f} (prod {b[m][2]:6.1f}, {b[m][3]} then)  {b[m][1]/a[m][1]:.2f}")
        r.append(b[m][1]/a[m][1])
print("geomean B/A", math.exp(sum(map(math.log,r))/len(r)))
