#!/usr/bin/env bash
# Call 3: the set-up and first-products figures, then the GPU tests (cuSPARSE handle now locked).
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
B=build-gpu


BENCH=$B/examples/aijadaptive-bench
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
( cd $B && timeout 330 ctest -L gpu -j2 --timeout 200 -E "faults" ) > $OUT/ctest-gpu.txt 2>&1; tail -6 $OUT/ctest-gpu.txt
