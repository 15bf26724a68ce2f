#!/usr/bin/env bash
# Call 4: CUPTI timelines of the benchmark's set-up of small matrices (auto, then cuSPARSE ALG1), after two
# other matrices in the same process, as in the suite.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
B=build-gpu
M=.runtime/matrices
for f in sherman3 bcsstk13 cryg2500; do
  CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/tb-$f.csv timeout 60 $B/examples/aijadaptive-bench --formats auto,cusparse-alg1 --reps 5 --warmup 1 --csv /tmp/tb-$f-bench.csv $M/494_bus.mtx.gz $M/LFAT5.mtx.gz $M/$f.mtx.gz > /tmp/tb-$f.txt 2>&1
  echo "$f rc $?"
  timeout 60 $B/examples/aijadaptive-bench --formats auto,cusparse-alg1 --reps 5 --warmup 1 --csv /tmp/ub-$f-bench.csv $M/494_bus.mtx.gz $M/LFAT5.mtx.gz $M/$f.mtx.gz > /tmp/ub-$f.txt 2>&1
done
tar czf $OUT/traces.tgz -C /tmp $(cd /tmp && ls tb-* ub-*)
