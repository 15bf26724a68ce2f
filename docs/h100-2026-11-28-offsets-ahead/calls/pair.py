# new/old per matrix and method from a call's CSVs (GROUP-new|old-ROUND.csv): median us, ratio to cuSPARSE, % copy.
import csv, glob, os, sys, collections
d = collections.defaultdict(dict)
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.csv'))):
    parts = os.path.basename(f)[:-4].split('-')
    grp, b, rnd = parts[0], parts[1], (parts[2] if len(parts) > 2 else '1')
    for r in csv.DictReader(open(f)):
        if r['method'].startswith('cusparse') or not r['median_us']: continue
        d[(grp, os.path.basename(r['matrix'])[:26], r['method'])][b + rnd] = (float(r['median_us']), float(r['speedup_vs_cusparse'] or 0), float(r['frac_copy_own'] or 0))
for k in sorted(d):
    v = d[k]
    new = [x[0] for kk, x in v.items() if kk.startswith('new')]; old = [x[0] for kk, x in v.items() if kk.startswith('old')]
    ratio = (sum(old) / len(old)) / (sum(new) / len(new)) if new and old else 0
    print('%-10s %-26s %-6s old/new %.3f  %s' % (k[0], k[1], k[2], ratio, ' '.join('%s %.2f %.2fx %.2f' % (kk, *x) for kk, x in sorted(v.items()))))
