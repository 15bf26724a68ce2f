# loop_table.py DIR: refill_loop.cpp's outputs (loop-{old,new}-ROUND.txt): each matrix's median over the rounds
# of the loop (a refill and K products) and of the refill alone, old against new.
import re, glob, statistics, collections, sys
d = collections.defaultdict(lambda: collections.defaultdict(list)); info = {}
for p in glob.glob(f"{sys.argv[1]}/loop-*-*.txt"):
    v = re.search(r"loop-(old|new)-\d+\.txt", p).group(1)
    for line in open(p):
        g = re.search(r"all/(\S+)\.mtx\.gz (\S+) nnz (\d+) K (\d+): loop ([\d.]+) us, refill ([\d.]+) us.*graphs (\d+) captured", line)
        if g:
            m = g.group(1); info[m] = (g.group(2), int(g.group(3)))
            d[m][v].append((float(g.group(5)), float(g.group(6)), int(g.group(7))))
print("| matrix | format | entries | refill + 10 products, old -> new (us) | new/old | refill alone, old -> new (us) | graphs captured, old / new |")
print("|---|---|---|---|---|---|---|")
for m in sorted(d, key=lambda m: info[m][1]):
    o, n = d[m]["old"], d[m]["new"]
    lo, ln = statistics.median(x[0] for x in o), statistics.median(x[0] for x in n)
    ro, rn = statistics.median(x[1] for x in o), statistics.median(x[1] for x in n)
    print(f"| {m} | {info[m][0]} | {info[m][1]} | {lo:.1f} -> {ln:.1f} | {ln/lo:.2f} | {ro:.1f} -> {rn:.1f} | {o[0][2]} / {n[0][2]} |")
