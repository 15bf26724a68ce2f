#!/usr/bin/env bash
# Call 3 (stop 43): inode with the next step's offsets loaded before the gathers (one round trip
# a step), against main's binary (.runtime/pre43), alternating, two rounds; the inode GPU tests.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
( cd build-gpu && timeout 150 ctest -R inode -L gpu -j 4 --timeout 140 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
NEW=build-gpu/examples/aijadaptive-bench
for round in 1 2; do
  for b in new old; do
    B=$NEW; [ $b = old ] && B=/tmp/bench-old
    timeout 100 $B --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $?"
    timeout 100 $B --formats inode,auto,cusparse-alg1 --reps 100 --csv $OUT/r/fem-$b-$round.csv gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 > /dev/null 2>&1; echo "fem $b $round rc $?"
  done
done
python3 .runtime/c4/table.py $OUT/r/*.csv
tar czf $OUT/r.tgz -C $OUT r
