# refill_steps.py DIR: setup-timing's refill over the values' copy alone (and the upload, the set-up), old against new,
# each matrix's median over the rounds (files steps-v{old,new}-MATRIX-ROUND.txt).
import re, glob, statistics, collections, math, sys
d = collections.defaultdict(lambda: collections.defaultdict(list))
for p in glob.glob(f"{sys.argv[1]}/steps-v*-*-*.txt"):
    v, m = re.match(r"steps-v(old|new)-(.+)-\d+\.txt", p.split("/")[-1]).groups()
    t = open(p).read()
    su = re.search(r"analyse \+ upload\s+([\d.]+) us", t)
    rf = re.search(r"refill \(same pattern, values\)\s+([\d.]+) us", t)
    va = re.search(r"values copied alone\s+([\d.]+) us", t)
    up = re.search(r"upload \+ synchronize\s+([\d.]+) us", t)
    if rf and va:
        d[m][v].append((float(su.group(1)), float(rf.group(1)), float(va.group(1)), float(up.group(1))))
print("| matrix | refill / values, old | new | upload us, old | new |")
print("|---|---|---|---|---|")
ro, rn = [], []
for m in sorted(d, key=lambda m: statistics.median(x[2] for x in d[m]["old"])):
    o, n = d[m]["old"], d[m]["new"]
    a = statistics.median(x[1] / x[2] for x in o)
    b = statistics.median(x[1] / x[2] for x in n)
    ro.append(a)
    rn.append(b)
    print(f"| {m} | {a:.2f} | {b:.2f} | {statistics.median(x[3] for x in o):.1f} | {statistics.median(x[3] for x in n):.1f} |")
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(f"\ngeometric mean of refill / values: old {g(ro):.2f}, new {g(rn):.2f}; at 1.2x or less: old {sum(r <= 1.2 for r in ro)}, new {sum(r <= 1.2 for r in rn)} of {len(ro)}")
