#!/usr/bin/env bash
# Call 5 (stop 45): page-locked buffers' costs; tests + memcheck of the copy back; features' cost
# (setup-timing); the new benchmark against HEAD's (26c3215), alternating, 3 rounds.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in bench-new bench-head setup-timing test_csr_copy_gpu test_deferred_setup_gpu; do xz -dc .runtime/v45/$f.xz > /tmp/$f; chmod +x /tmp/$f; done
.runtime/v45/pinned2 > /tmp/r/pinned2.txt 2>&1; cat /tmp/r/pinned2.txt | tail -4
timeout 120 /tmp/test_csr_copy_gpu > /tmp/r/test_csr_copy_gpu.txt 2>&1; echo "csr_copy rc $?"
timeout 200 /tmp/test_deferred_setup_gpu > /tmp/r/test_deferred.txt 2>&1; echo "deferred rc $?"; tail -1 /tmp/r/test_deferred.txt
timeout 300 compute-sanitizer --tool memcheck --leak-check no /tmp/test_deferred_setup_gpu > /tmp/r/memcheck_deferred.txt 2>&1; echo "memcheck rc $?"; tail -1 /tmp/r/memcheck_deferred.txt
timeout 120 /tmp/setup-timing gen:fem:n=60,dof=3 5 > /tmp/r/st-vec.txt 2>&1; timeout 120 /tmp/setup-timing gen:fem:n=120 5 > /tmp/r/st-sfem.txt 2>&1; echo "setup-timing $SECONDS"
for round in 1 2 3; do
  for b in new head; do
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem-$b-$round.csv gen:fem:n=120 > /tmp/r/sfem-$b-$round.txt 2>&1; echo "sfem $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem100-$b-$round.csv gen:fem:n=100 > /tmp/r/sfem100-$b-$round.txt 2>&1; echo "sfem100 $b $round $? $SECONDS"
    timeout 90 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --csv /tmp/r/vec-$b-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-$b-$round.txt 2>&1; echo "vec $b $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
