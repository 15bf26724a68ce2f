#!/usr/bin/env bash
# Call 8 (stop 58), issue 13: where the set-up of small matrices goes, step by step
# (aijadaptive-setup-timing of 34c5736, 30 reps, auto's choice), on the matrices whose set-up call 5
# found at 1.8-3.8x cuSPARSE's, two rounds.
# Carry: .runtime/s58 (setup-timing.xz, gpu-libs.tar.xz) and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s58/setup-timing.xz > /tmp/st && chmod +x /tmp/st
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for m in .runtime/matrices/s3rmq4m1.mtx.gz .runtime/matrices/wing.mtx.gz .runtime/matrices/memplus.mtx.gz \
           .runtime/matrices/watt_2.mtx.gz gen:circuit:n=50000,long=2,len=1000,seed=2 gen:qcd:L=6,seed=2; do
    echo "== round $round $m" >> /tmp/r/setup-steps.txt
    timeout 60 /tmp/st "$m" 30 >> /tmp/r/setup-steps.txt 2>&1; echo "$m $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
