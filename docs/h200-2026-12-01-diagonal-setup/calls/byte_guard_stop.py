# Stop 69: where the verdict pass's byte guard refuses a matrix, modelled row by row as search.cpp bounds it
# (DIA/BRCSD-I: the spans of the diagonals seen; BRCSD-II: each piece's longest row, plus the rows of the
# diagonals seen beyond it). python3 byte_guard_stop.py M.mtx.gz
import gzip,sys,collections
def load(fn):
    f=gzip.open(fn,'rt'); hdr=f.readline(); sym='symmetric' in hdr
    for l in f:
        if not l.startswith('%'): break
    n,m,nz=map(int,l.split()); rows=collections.defaultdict(set)
    for l in f:
        p=l.split(); i,j=int(p[0])-1,int(p[1])-1; rows[i].add(j)
        if sym and i!=j: rows[j].add(i)
    return n,m,[sorted(rows[i]) for i in range(n)]
n,m,rows=load(sys.argv[1]); nnz=sum(map(len,rows))
limit=1.35*nnz  # 10*stored*8 > 9*nnz*12
P=256; pieces=(n+P-1)//P
longest=[max((len(rows[i]) for i in range(p*P,min(n,(p+1)*P))),default=0) for p in range(pieces)]
by_rows=sum(longest[p]*(min(n,(p+1)*P)-p*P) for p in range(pieces))
print('n',n,'nnz',nnz,'limit',limit,'by_rows',by_rows)
seen=set(); spans=0; beyond=0; piece_d=collections.defaultdict(set); e=0
for i in range(n):
    p=i//P
    for j in rows[i]:
        e+=1
        d=j-i
        if d not in seen:
            seen.add(d); spans+= min(n, m-d) - max(0,-d)
        if d not in piece_d[p]:
            piece_d[p].add(d)
            if len(piece_d[p])>longest[p]: beyond+=min(P,n-p*P)
            if min(spans,by_rows+beyond)>limit:
                print('refused at row',i,'entry',e,'of',nnz,'K',len(seen),'spans',spans,'by_rows+beyond',by_rows+beyond); sys.exit()
print('never; K',len(seen))
