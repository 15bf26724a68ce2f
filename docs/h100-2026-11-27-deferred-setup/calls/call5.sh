#!/usr/bin/env bash
# Call 5: the final code (team threads less the caller's core, the copy in smaller parts): tests, analysis steps, set-up and first products.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
( cd $B && timeout 150 ctest -R "deferred|reordering_gpu|thread_team|csr_copy" --timeout 120 --output-on-failure ) > $OUT/ctest.txt 2>&1; tail -3 $OUT/ctest.txt
timeout 60 $B/examples/aijadaptive-analysis-timing gen:fem:n=120 > $OUT/analysis-fem120.txt 2>&1; head -4 $OUT/analysis-fem120.txt
BENCH=$B/examples/aijadaptive-bench
run() { echo "== $*"; timeout 100 $BENCH --formats auto,cusparse-alg1,cusparse-alg2 --reps 30 --csv /tmp/b.csv "$@"; cat /tmp/b.csv >> $OUT/bench.csv; }
{
for N in 1000 10000; do
  for D in 4194304 -1; do run --first-products $N --defer-min-nnz $D gen:fem:n=120; done
done
run --first-products 1000 --defer-min-nnz 4194304 gen:fem:n=120
for D in 4194304 -1; do run --first-products 1000 --defer-min-nnz $D gen:fem:n=100; done
} > $OUT/bench.txt 2>&1
grep -E "^==|^  auto|^  cusparse|first" $OUT/bench.txt | cut -c1-150 | sed 's/note: back to back: [0-9.]* us per call, enqueued in [0-9.]* us; //'
