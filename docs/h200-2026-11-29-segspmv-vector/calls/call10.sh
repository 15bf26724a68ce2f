#!/usr/bin/env bash
# Call 10 (stop 55): ncu on segspmv's vector kernel (0902d4f's defaults) and suraa's short kernel, on
# qcd L=16 and stencil27 n=100: throughput, memory, occupancy and the warps' stall reasons.
# Carry: .runtime/x3 (0902d4f's build-gpu benchmark and the libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x3/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats"
for m in gen:qcd:L=16 gen:stencil27:n=100; do
  for f in segspmv suraa; do
    k=segspmv_kernel; [ $f = suraa ] && k=suraa_short
    n=$(echo $m | tr ':=,' '___')
    timeout 120 ncu $S -k regex:$k --csv --page details /tmp/bench --formats $f --graphs 0 --reps 2 --warmup 1 $m \
      > /tmp/r/ncu-$f-$n.csv 2> /tmp/r/ncu-$f-$n.err; echo "ncu $f $m $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
