#!/usr/bin/env bash
# Call 8 (stop 44): the deferred set-up of scalar FEM renumbered (n=120), more rounds: deferred
# (D=4194304) and not (D=-1), alternating, each a fresh process as in call 6.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
B=build-cuda-petsc/examples/aijadaptive-bench
for round in 1 2 3 4 5; do
  for D in 4194304 -1; do
    timeout 60 $B --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 30 --first-products 1000 --defer-min-nnz $D --csv $OUT/r/d8-$D-$round.csv gen:fem:n=120 > $OUT/r/d8-$D-$round.txt 2>&1; echo "defer $D $round rc $? $SECONDS"
  done
done
for f in $OUT/r/d8-*.csv; do echo "$f"; python3 config/gpu/inode_table.py $f | grep -E "auto|alg"; done > $OUT/r/d8-table.txt 2>&1
grep -h -o "set-up and the first 1000 products: [0-9.]* ms (products [0-9.]* ms), [a-z]* running then" $OUT/r/d8-*.txt > $OUT/r/d8-first.txt
tar czf $OUT/r.tgz -C $OUT r
