#!/usr/bin/env bash
# Call 1: the deferred set-up's GPU tests, memcheck, and the set-up/first-products figures.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
B=build-gpu
( cd $B && ctest -R "deferred|csr_copy" --output-on-failure ) > $OUT/ctest-new.txt 2>&1; tail -5 $OUT/ctest-new.txt
timeout 300 compute-sanitizer --tool memcheck $B/tests/test_deferred_setup_gpu > $OUT/memcheck.txt 2>&1; tail -3 $OUT/memcheck.txt
( cd $B && timeout 420 ctest -L gpu -j3 --output-on-failure ) > $OUT/ctest-gpu.txt 2>&1; tail -4 $OUT/ctest-gpu.txt
BENCH=$B/examples/bench/aijadaptive-bench
run() { echo "== $*"; timeout 120 $BENCH --formats auto,cusparse-alg1,cusparse-alg2 --reps 50 "$@"; }
{
for M in gen:fem:n=120 gen:stencil27:n=160; do
  for N in 1000 10000; do
    for D in 4194304 -1; do run --first-products $N --defer-min-nnz $D --csv $OUT/b-$(echo $M | tr ':=,' '___')-$N-$D.csv $M; done
  done
done
for M in gen:fem:n=60,dof=3 gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000; do
  for D in 4194304 -1; do run --first-products 1000 --defer-min-nnz $D --csv $OUT/b-$(echo $M | tr ':=,' '___')-1000-$D.csv $M; done
done
} > $OUT/bench.txt 2>&1
grep -E "^==|auto|cusparse" $OUT/bench.txt | head -80
