#!/usr/bin/env bash
# Call 9 (stop 45): staging pieces kept for the next staged copy, and inode's offsets sent through them
# (new4) against ef43ef5 (new3), alternating, 3 rounds; the GPU tests touched, memcheck over the new one.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in bench-new3 bench-new4 test_adaptive_matrix_gpu test_inode_gpu test_deferred_setup_gpu test_csr_copy_gpu; do xz -dc .runtime/v45/$f.xz > /tmp/$f; chmod +x /tmp/$f; done
for t in test_adaptive_matrix_gpu test_deferred_setup_gpu test_csr_copy_gpu test_inode_gpu; do timeout 200 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $?"; tail -1 /tmp/r/$t.txt; done
timeout 120 compute-sanitizer --tool memcheck --leak-check no /tmp/test_adaptive_matrix_gpu --gtest_filter='*Staging*:*Pinned*' > /tmp/r/memcheck_staging.txt 2>&1; echo "memcheck rc $?"; tail -1 /tmp/r/memcheck_staging.txt
for round in 1 2 3; do
  for b in new4 new3; do
    timeout 90 /tmp/bench-$b --formats inode,auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --csv /tmp/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /tmp/r/rcm-$b-$round.txt 2>&1; echo "rcm $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats inode,auto,cusparse-alg1,cusparse-alg2 --reps 20 --csv /tmp/r/vec-$b-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-$b-$round.txt 2>&1; echo "vec $b $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
