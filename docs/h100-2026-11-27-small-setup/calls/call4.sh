#!/usr/bin/env bash
# Call 4: CUPTI timeline of a small matrix's set-up (which CUDA calls the upload makes, and their host time).
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
B=build-gpu
M=.runtime/matrices
for f in LFAT5 4elt; do
  CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/t-$f.csv timeout 60 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 3 > $OUT/run-$f.txt 2>&1
  echo "$f rc $? rows $(wc -l < /tmp/t-$f.csv)"
  timeout 60 $B/examples/aijadaptive-bench --formats auto,cusparse-alg1 --reps 20 $M/$f.mtx.gz > /tmp/b-$f.txt 2>&1
  CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/tb-$f.csv timeout 60 $B/examples/aijadaptive-bench --formats auto,cusparse-alg1 --reps 20 $M/$f.mtx.gz > $OUT/bench-$f.txt 2>&1
done
tar czf $OUT/traces.tgz -C /tmp t-LFAT5.csv t-4elt.csv tb-LFAT5.csv tb-4elt.csv b-LFAT5.txt b-4elt.txt
