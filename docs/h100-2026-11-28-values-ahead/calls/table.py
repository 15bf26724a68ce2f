# One line per (file, matrix, method): median_us, speedup over the better cuSPARSE, frac_copy_own.
import csv, sys, os
for f in sys.argv[1:]:
    rows = list(csv.DictReader(open(f)))
    for r in rows:
        if r['method'].startswith('cusparse'): continue
        print('%-22s %-28s %-8s %9s us %6sx copy %s' % (os.path.basename(f)[:-4], os.path.basename(r['matrix'])[:28], r['method'] + ('/' + r['selected'] if r.get('selected') and r['selected'] != r['method'] else ''), r['median_us'], r.get('speedup_vs_cusparse', ''), r.get('frac_copy_own', '')))
