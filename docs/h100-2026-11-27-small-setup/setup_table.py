# The set-up table of a call's setup.csv(.gz): per matrix and run label, auto's build + upload
# over the better cuSPARSE algorithm's upload (ms), and the summary per label.
# Usage: python3 setup_table.py logs/call3/setup.csv.gz
import csv,collections,gzip,sys,statistics
rows=list(csv.reader((gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1], 'rt')))
hdr=None
d=collections.defaultdict(dict)
for r in rows:
    if r[1]=='matrix': hdr=r[1:]; continue
    rec=dict(zip(hdr,r[1:]))
    m=rec['matrix'].split('/')[-1].replace('.mtx.gz','')
    d[(m,r[0])][rec['method']]=rec
labels=sorted({k[1] for k in d})
def ratio(m,l):
    v=d.get((m,l))
    if not v or 'auto' not in v: return None
    a=v['auto']; su=float(a['build_ms'])+float(a['upload_ms'])
    cs=min(float(v[k]['upload_ms']) for k in ('cusparse-alg1','cusparse-alg2') if k in v and v[k]['upload_ms'])
    return su,cs,su/cs,int(a['nnz']),a['selected'],float(a['median_us']),float(v['cusparse-alg1']['median_us'])
mats=sorted({k[0] for k in d}, key=lambda m: ratio(m,labels[0])[3])
print("%-28s %9s %-10s"%("matrix","nnz","auto")+"".join("%16s"%l for l in labels))
agg=collections.defaultdict(list)
for m in mats:
    line="%-28s"%m[:28]
    r0=ratio(m,labels[0]); line+=" %9d %-10s"%(r0[3],r0[4])
    for l in labels:
        r=ratio(m,l)
        line+="  %5.2f/%5.2f=%4.1f"%(r[0],r[1],r[2]) if r else "     -"
        if r: agg[l].append(r[2])
    print(line)
for l in labels:
    v=agg[l]; g=statistics.geometric_mean(v)
    print(l, "geomean ratio %.2f, median %.2f, max %.1f, <=1.5x: %d of %d"%(g,statistics.median(v),max(v),sum(1 for x in v if x<=1.5),len(v)))
