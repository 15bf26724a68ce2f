#!/usr/bin/env bash
# Call 6 (stop 45): page-locked buffers from registered (huge) pages (new2) against cudaMallocHost
# (new1 = call 5's new) and HEAD, alternating, 3 rounds; the GPU tests of the device layer and the deferral.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in bench-new1 bench-new2 bench-head test_csr_copy_gpu test_deferred_setup_gpu test_adaptive_matrix_gpu; do xz -dc .runtime/v45/$f.xz > /tmp/$f; chmod +x /tmp/$f; done
for t in test_csr_copy_gpu test_deferred_setup_gpu test_adaptive_matrix_gpu; do timeout 300 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $?"; tail -1 /tmp/r/$t.txt; done
timeout 300 compute-sanitizer --tool memcheck --leak-check no /tmp/test_adaptive_matrix_gpu --gtest_filter='*Pinned*:*PageLocked*:*Streamed*' > /tmp/r/memcheck_pinned.txt 2>&1; echo "memcheck rc $?"; tail -1 /tmp/r/memcheck_pinned.txt
for round in 1 2 3; do
  for b in new2 new1 head; do
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem-$b-$round.csv gen:fem:n=120 > /tmp/r/sfem-$b-$round.txt 2>&1; echo "sfem $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem100-$b-$round.csv gen:fem:n=100 > /tmp/r/sfem100-$b-$round.txt 2>&1; echo "sfem100 $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --csv /tmp/r/vec-$b-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-$b-$round.txt 2>&1; echo "vec $b $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
