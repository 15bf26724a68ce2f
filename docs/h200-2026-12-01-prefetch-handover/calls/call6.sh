#!/usr/bin/env bash
# Call 6 (stop 68): CUPTI timelines of the benchmark's set-ups (auto, cuSPARSE ALG1) of five matrices
# with the working tree (045dc93): three of 8k-32k entries (no prefetch), two through the shared pack.
# Carry: .runtime/s68 (bin3, this script), .runtime/s67/gpu-libs.tar.xz, .runtime/s66/trace, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s68/bin3.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in sherman5 hangGlider_2 add32 crack fidapex6; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-bench-$f.csv \
    timeout 60 /tmp/b/bench3 --formats auto,cusparse-alg1 --reps 3 --warmup 1 --setup-reps 5 $M/$f.mtx.gz > /tmp/r/traced-bench-$f.txt 2>&1
  echo "trace bench $f $?"
  timeout 60 /tmp/b/setup3 $M/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1
done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
