#!/usr/bin/env bash
# Call 3 (stop 45): as call 2, the copy back staged through pinned buffers (StagedDownload).
# the host copy before build() returns (old): tests, memcheck, set-up phases alternating; pinned buffers' cost.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in bench-prof bench-newprof2 test_csr_copy_gpu test_deferred_setup_gpu; do xz -dc .runtime/v45/$f.xz > /tmp/$f; chmod +x /tmp/$f; done

timeout 120 /tmp/test_csr_copy_gpu > /tmp/r/test_csr_copy_gpu.txt 2>&1; echo "csr_copy rc $?"
timeout 200 /tmp/test_deferred_setup_gpu > /tmp/r/test_deferred.txt 2>&1; echo "deferred rc $?"; tail -3 /tmp/r/test_deferred.txt
timeout 300 compute-sanitizer --tool memcheck --leak-check no /tmp/test_csr_copy_gpu > /tmp/r/memcheck_copy.txt 2>&1; tail -2 /tmp/r/memcheck_copy.txt; timeout 300 compute-sanitizer --tool memcheck --leak-check no /tmp/test_deferred_setup_gpu > /tmp/r/memcheck_deferred.txt 2>&1; echo "memcheck rc $?"; tail -3 /tmp/r/memcheck_deferred.txt
export AIJA_SETUP_PROFILE=1
for round in 1 2 3; do
  for b in newprof2 prof; do
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem-$b-$round.csv gen:fem:n=120 > /tmp/r/sfem-$b-$round.txt 2>&1; echo "sfem $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem100-$b-$round.csv gen:fem:n=100 > /tmp/r/sfem100-$b-$round.txt 2>&1; echo "sfem100 $b $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
