#!/usr/bin/env bash
# Call 3 (stop 44): inode's sort window (window_rows) 4096 (default) / 6144 / 8192 / 12288 /
# 16384 on HEAD's binary, alternating, two rounds: scalar FEM renumbered, vector FEM, and auto on
# scalar FEM as generated (its own windowed RCM).
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/v45x/bench-base.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2; do
  for w in 4096 6144 8192 12288 16384; do
    timeout 60 /tmp/bench-base --formats inode,cusparse-alg1 --renumber rcm --reps 100 --param inode.window_rows=$w --csv $OUT/r/rcm-w$w-$round.csv gen:fem:n=120 gen:fem:n=100 gen:fem:n=80 > /dev/null 2>&1; echo "rcm $w $round rc $? $SECONDS"
    timeout 60 /tmp/bench-base --formats inode,cusparse-alg1 --reps 100 --param inode.window_rows=$w --csv $OUT/r/vec-w$w-$round.csv gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 gen:fem:n=74,dof=2 gen:fem:n=40,dof=3 > /dev/null 2>&1; echo "vec $w $round rc $? $SECONDS"
  done
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
for w in 4096 8192 16384; do
  timeout 60 /tmp/bench-base --formats auto,cusparse-alg1 --reps 100 --param inode.window_rows=$w --csv $OUT/r/auto-w$w.csv gen:fem:n=120 gen:fem:n=60,dof=3 > /dev/null 2>&1; echo "auto $w rc $? $SECONDS"
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
