# ab.sh BIN_A BIN_B ROUNDS matrices...: min over rounds of each binary's per-rep time
A=$1; B=$2; R=$3; shift 3
for m in "$@"; do
  for r in $(seq $R); do
    echo "A $m $($A /work/main/.runtime/s64/all/$m.mtx.gz 200 | sed 's/.*search \([0-9.]*\) us.*/\1/')"
    echo "B $m $($B /work/main/.runtime/s64/all/$m.mtx.gz 200 | sed 's/.*search \([0-9.]*\) us.*/\1/')"
  done
done | python3 -c '
import sys,collections
d=collections.defaultdict(list)
for l in sys.stdin:
  w,m,t=l.split(); d[(m,w)].append(float(t))
ms=[]
for (m,w) in d:
  if m not in ms: ms.append(m)
for m in ms:
  a=min(d[(m,"A")]); b=min(d[(m,"B")]); print(f"{m:12s} A {a:8.1f} B {b:8.1f}  B/A {b/a:.2f}")'
