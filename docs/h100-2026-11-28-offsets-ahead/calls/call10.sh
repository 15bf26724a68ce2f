#!/usr/bin/env bash
# Call 10 (stop 43): inode with consecutive slices counted from the first (no list read):
# c1 (offsets one step ahead), c2 (two steps ahead), against base (HEAD 6f423a7), alternating,
# two rounds; scalar FEM renumbered and vector FEM.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/var/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2; do
  for b in c1 c2 base; do
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $?"
  done
done
for b in c1 c2 base; do
  timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --reps 100 --csv $OUT/r/vec-$b.csv gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 > /dev/null 2>&1; echo "vec $b rc $?"
done
python3 .runtime/c4/table.py $OUT/r/*.csv | sort -k2,2 -k1,1
tar czf $OUT/r.tgz -C $OUT r
