# The CUDA runtime/driver calls before the first launch of a kernel whose name contains KEY
# (the set-up of that method), with their host durations: setup_calls.py TRACE.csv KEY [N]
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r and r[0] in ('runtime', 'driver', 'kernel', 'memcpy', 'memset')]
key = sys.argv[2]; n = int(sys.argv[3]) if len(sys.argv) > 3 else 80
kern = [r for r in rows if r[0] == 'kernel' and key in r[1]]
if not kern: print('no kernel', key); sys.exit()
corr = kern[0][6]
api = sorted([r for r in rows if r[0] in ('runtime', 'driver')], key=lambda r: int(r[2]))
idx = next(i for i, r in enumerate(api) if r[6] == corr and r[0] == 'runtime')
sel = api[max(0, idx - n):idx + 1]
t0 = int(sel[0][2])
tot = {}
for r in sel:
    d = (int(r[3]) - int(r[2])) / 1000
    print('%9.1f %8.1f %s %s' % ((int(r[2]) - t0) / 1000, d, r[0][:3], r[1][:60]))
    if r[0] == 'runtime': tot.setdefault(r[1], [0, 0.0]); tot[r[1]][0] += 1; tot[r[1]][1] += d
print('--- runtime totals in this window')
for k, (c, d) in sorted(tot.items(), key=lambda kv: -kv[1][1]): print('%4d %9.1f us %s' % (c, d, k[:60]))
