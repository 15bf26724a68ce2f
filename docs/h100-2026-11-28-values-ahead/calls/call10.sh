#!/usr/bin/env bash
# Call 10 (stop 44): host arrays of 4 MiB and more on huge pages (madvise) in the core's
# uninitialised vectors (bench-thp) against HEAD's benchmark (bench-base), alternating, 4 rounds,
# each a fresh process: set-up of scalar FEM renumbered (auto, deferred; inode built first) and of
# vector FEM (inode).
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag
for f in .runtime/v47x/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2 3 4; do
  for b in thp base; do
    timeout 60 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv $OUT/r/auto-$b-$round.csv gen:fem:n=120 > $OUT/r/auto-$b-$round.txt 2>&1; echo "auto $b $round rc $? $SECONDS"
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --csv $OUT/r/inode-$b-$round.csv gen:fem:n=120 > /dev/null 2>&1; echo "inode $b $round rc $? $SECONDS"
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1,cusparse-alg2 --reps 20 --csv $OUT/r/vec-$b-$round.csv gen:fem:n=60,dof=3 > /dev/null 2>&1; echo "vec $b $round rc $? $SECONDS"
  done
done
for f in $OUT/r/*.csv; do echo "$f"; python3 config/gpu/inode_table.py $f | grep -E "auto|inode"; done > $OUT/r/table.txt 2>&1
grep -h -o "set-up and the first 1000 products: [0-9.]* ms (products [0-9.]* ms)" $OUT/r/auto-*.txt > $OUT/r/first.txt
tar czf $OUT/r.tgz -C $OUT r
