#!/usr/bin/env bash
# Trace the set-up of small matrices: which CUDA calls, how long on the host.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
B=build-gpu
M=.runtime/matrices
for f in 4elt bcsstk13 cryg2500 dw8192 wing; do
  timeout 60 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 > $OUT/steps-$f.txt 2>&1
  CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/t-$f.csv timeout 60 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 3 > /tmp/run-$f.txt 2>&1
  echo "$f rc $? rows $(wc -l < /tmp/t-$f.csv)"
done
tar czf $OUT/traces.tgz -C /tmp $(cd /tmp && ls t-*.csv run-*.txt)
