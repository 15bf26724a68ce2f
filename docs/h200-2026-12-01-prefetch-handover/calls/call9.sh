#!/usr/bin/env bash
# Call 9 (stop 68): CUPTI timelines of setup-timing (8 reps) for three matrices, 045dc93 (setup3) and the
# working tree (setup4: refill values through a page-locked pack): where the refill's time goes.
# Carry: .runtime/s68x (m/, setups.tar.xz, this script), .runtime/s66/trace.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
tar xJf .runtime/s68x/setups.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in nnc1374 Pd memplus; do
  for v in 3 4; do
    LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-v$v-$f.csv \
      timeout 60 /tmp/b/setup$v .runtime/s68x/m/$f.mtx.gz 8 > /tmp/r/traced-v$v-$f.txt 2>&1
    timeout 60 /tmp/b/setup$v .runtime/s68x/m/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f.txt 2>&1
  done
done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
