#!/usr/bin/env bash
# Call 2: the deferred set-up's GPU tests (each process under a timeout), memcheck, and the set-up/first-products figures.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
B=build-gpu
timeout 150 $B/tests/test_deferred_setup_gpu > $OUT/test-deferred.txt 2>&1; echo "deferred rc=$?"; grep -E "^\[  |FAIL|Failure" $OUT/test-deferred.txt | tail -12
timeout 100 compute-sanitizer --tool memcheck $B/tests/test_deferred_setup_gpu --gtest_filter='*TakesOverAtTheProduct*:*RefillOr*:*MayGo*' > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$?"; tail -3 $OUT/memcheck.txt
BENCH=$B/examples/bench/aijadaptive-bench
run() { echo "== $*"; timeout 100 $BENCH --formats auto,cusparse-alg1,cusparse-alg2 --reps 30 "$@"; }
{
for M in gen:fem:n=120; do
  for N in 1000 10000; do
    for D in 4194304 -1; do run --first-products $N --defer-min-nnz $D --csv $OUT/b-$(echo $M | tr ':=,' '___')-$N-$D.csv $M; done
  done
done
for M in gen:stencil27:n=160 gen:fem:n=60,dof=3 gen:rmat:scale=22,ef=16; do
  for D in 4194304 -1; do run --first-products 1000 --defer-min-nnz $D --csv $OUT/b-$(echo $M | tr ':=,' '___')-1000-$D.csv $M; done
done
} > $OUT/bench.txt 2>&1
grep -E "^==|auto|cusparse" $OUT/bench.txt | cut -c1-200 | head -60
