import csv,sys,statistics
from collections import defaultdict
d=defaultdict(list); gaps=[]
rows=[r for r in csv.reader(open(sys.argv[1])) if r and r[0]=='kernel']
rows.sort(key=lambda r:int(r[2]))
for r in rows: d[(r[1].split("suraa_")[-1] if "suraa_" in r[1] else r[1])[:70]].append((int(r[3])-int(r[2]))/1000)
for i in range(1,len(rows)): gaps.append((int(rows[i][2])-int(rows[i-1][3]))/1000)
for k,v in sorted(d.items(),key=lambda kv:-len(kv[1])):
    print(f"{len(v):6d} med {statistics.median(v):7.2f} us  min {min(v):7.2f}  {k}")
tail=gaps[-600:]
if tail: print("gap between consecutive kernels (last 600): median %.2f us"%statistics.median(tail))
