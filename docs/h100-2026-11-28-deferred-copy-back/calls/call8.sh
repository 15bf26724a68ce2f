#!/usr/bin/env bash
# Call 8 (stop 45): inode's groups found in parallel (new3) against call 6's new2, alternating, 3 rounds:
# inode built first and auto, on scalar FEM renumbered (n=120, n=100) and fem dof=3; inode's GPU test.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in bench-new2 bench-new3 test_inode_gpu; do xz -dc .runtime/v45/$f.xz > /tmp/$f; chmod +x /tmp/$f; done
timeout 200 /tmp/test_inode_gpu > /tmp/r/test_inode_gpu.txt 2>&1; echo "test_inode_gpu rc $?"; tail -1 /tmp/r/test_inode_gpu.txt
for round in 1 2 3; do
  for b in new3 new2; do
    timeout 90 /tmp/bench-$b --formats inode,auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --csv /tmp/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /tmp/r/rcm-$b-$round.txt 2>&1; echo "rcm $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats inode,auto,cusparse-alg1,cusparse-alg2 --reps 20 --csv /tmp/r/vec-$b-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-$b-$round.txt 2>&1; echo "vec $b $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
