#!/usr/bin/env bash
# Call 5 (stop 43): inode d steps ahead (d2u4 = offsets two steps ahead, 4 columns a step) with
# __launch_bounds__ minimum blocks b for the scalar kernel: b1 (none), b10, b12, b14; d1u4b12; main.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/var/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
for round in 1 2; do
  for b in d2u4b1 d2u4b10 d2u4b12 d1u4b12 d2u4b14 old; do
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $?"
  done
done
python3 .runtime/c4/table.py $OUT/r/*.csv | sort -k2,2 -k1,1
tar czf $OUT/r.tgz -C $OUT r
