# permatrix.py DIR A B: per matrix, auto's set-up over the better cuSPARSE's (median over rounds) for
# versions A and B of a call's suite-vV-R.csv files, with the format and the nonzeros; sorted by B.
import csv, glob, statistics, collections, sys
d, va, vb = sys.argv[1:4]
def per(v):
    out = collections.defaultdict(list); info = {}
    for p in sorted(glob.glob(f"{d}/suite-v{v}-*.csv")):
        by = collections.defaultdict(dict)
        for r in csv.DictReader(open(p)): by[r['matrix']][r['method']] = r
        for m, x in by.items():
            a = x['auto']; c = min(float(x[k]['upload_ms']) for k in ('cusparse-alg1', 'cusparse-alg2'))
            out[m].append((float(a['build_ms']) + float(a['upload_ms'])) / c); info[m] = (a['selected'], int(a['nnz']))
    return {m: statistics.median(r) for m, r in out.items()}, info
A, _ = per(va); B, info = per(vb)
print(f"{'matrix':26s} {'format':10s} {'nonzeros':>9s}  {'v' + va:>6s}  {'v' + vb:>6s}")
for m in sorted(B, key=lambda m: -B[m]):
    print(f"{m.replace('.mtx.gz',''):26s} {info[m][0]:10s} {info[m][1]:9d}  {A[m]:6.2f}  {B[m]:6.2f}")
