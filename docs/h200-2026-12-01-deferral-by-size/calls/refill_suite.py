# refill_suite.py DIR: setup-timing's refill over the values' copy alone on every matrix, the median over rounds,
# by format and by size (files steps-MATRIX-ROUND.txt).
import re, glob, statistics, collections, math, sys
d = collections.defaultdict(list); info = {}
for p in glob.glob(f"{sys.argv[1]}/steps-*-*.txt"):
    m = re.match(r"steps-(.+)-\d+\.txt", p.split("/")[-1]).group(1)
    t = open(p).read()
    h = re.search(r"(\d+) nonzeros; format: (\S+)", t)
    rf = re.search(r"refill \(same pattern, values\)\s+([\d.]+) us", t)
    va = re.search(r"values copied alone\s+([\d.]+) us", t)
    if h and rf and va:
        info[m] = (int(h.group(1)), h.group(2))
        d[m].append(float(rf.group(1)) / float(va.group(1)))
r = {m: statistics.median(v) for m, v in d.items()}
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(f"{len(r)} matrices: geometric mean {g(r.values()):.2f}, median {statistics.median(r.values()):.2f}, at 1.2x or less {sum(x <= 1.2 for x in r.values())}")
print("\n| format | matrices | geometric mean | at 1.2x or less | largest |\n|---|---|---|---|---|")
by = collections.defaultdict(list)
for m, x in r.items(): by[info[m][1]].append((x, m))
for f, l in sorted(by.items()):
    l.sort(reverse=True)
    print(f"| {f} | {len(l)} | {g([x for x, _ in l]):.2f} | {sum(x <= 1.2 for x, _ in l)} | {', '.join(f'{m} {x:.2f}' for x, m in l[:3])} |")
print("\n| nonzeros | matrices | geometric mean | at 1.2x or less |\n|---|---|---|---|")
for lo, hi in [(0, 8192), (8192, 32768), (32768, 131072), (131072, 10**10)]:
    l = [x for m, x in r.items() if lo <= info[m][0] < hi]
    print(f"| [{lo}, {hi}) | {len(l)} | {g(l):.2f} | {sum(x <= 1.2 for x in l)} |")
