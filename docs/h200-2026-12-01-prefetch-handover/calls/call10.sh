#!/usr/bin/env bash
# Call 10 (stop 68): CUPTI timelines of setup-timing (8 reps) of five diagonal matrices with cec69a8
# (setup5), and their steps (40 reps): what a small diagonal upload does.
# Carry: .runtime/s68x (m/, setups.tar.xz, this script), .runtime/s66/trace.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
tar xJf .runtime/s68x/setups.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in olm1000 rdb200 sherman3 dwt_992 LFAT5; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-$f.csv \
    timeout 60 /tmp/b/setup5 .runtime/s68x/m/$f.mtx.gz 8 > /tmp/r/traced-$f.txt 2>&1
  timeout 60 /tmp/b/setup5 .runtime/s68x/m/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1
done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
