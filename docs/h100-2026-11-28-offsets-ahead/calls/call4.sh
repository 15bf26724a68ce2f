#!/usr/bin/env bash
# Call 4 (stop 43): inode's offsets loaded d steps ahead, U columns a step for scalar rows:
# d1u4 (call 3's), d2u4, d1u8, d2u6, and main's binary, alternating, two rounds.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/var/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
for round in 1 2; do
  for b in d1u4 d2u4 d1u8 d2u6 old; do
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $?"
  done
done
for b in d1u4 d2u4 d1u8 d2u6 old; do
  timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --reps 100 --csv $OUT/r/vec-$b.csv gen:fem:n=60,dof=3 gen:fem:n=120 > /dev/null 2>&1; echo "vec $b rc $?"
done
python3 .runtime/c4/table.py $OUT/r/*.csv | sort -k2,2 -k1,1
tar czf $OUT/r.tgz -C $OUT r
