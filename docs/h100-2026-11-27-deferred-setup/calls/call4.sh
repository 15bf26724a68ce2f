#!/usr/bin/env bash
# Call 4: deferral only where the analysis may reorder; tests, then the set-up/first-products figures.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
( cd $B && timeout 200 ctest -R "deferred|adaptive_matrix_gpu|reordering_gpu|csr_gpu|product_graphs" --timeout 150 --output-on-failure ) > $OUT/ctest.txt 2>&1; tail -4 $OUT/ctest.txt
BENCH=$B/examples/aijadaptive-bench
run() { echo "== $*"; timeout 100 $BENCH --formats auto,cusparse-alg1,cusparse-alg2 --reps 30 --csv /tmp/b.csv "$@"; cat /tmp/b.csv >> $OUT/bench.csv; }
{
for N in 1000 10000; do
  for D in 4194304 -1; do run --first-products $N --defer-min-nnz $D gen:fem:n=120; done
done
for M in gen:stencil27:n=160 gen:fem:n=60,dof=3 gen:rmat:scale=22,ef=16 gen:fem:n=100; do
  for D in 4194304 -1; do run --first-products 1000 --defer-min-nnz $D $M; done
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^  auto|^  cusparse|first" $OUT/bench.txt | cut -c1-150 | head -80
