#!/usr/bin/env bash
# Call 4 (stop 53): where suraa's time goes on the large irregular matrices of issues 10 and 12.
# First the benchmark (auto, suraa, ipcsr, argcsr, csr, cuSPARSE ALG1/ALG2, median of 50), then
# ncu over one product of suraa and of cuSPARSE ALG1 (speed of light, memory workload, occupancy,
# warp state). Carry: .runtime/g21.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g21/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16"
timeout 200 $B --formats auto,suraa,ipcsr,argcsr,csr,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/bench.csv $gens > /tmp/r/bench.txt 2>&1; echo "bench $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
for g in $gens; do
  n=$(echo $g | cut -d: -f2)
  for f in suraa cusparse-alg1; do
    timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats \
      --section LaunchStats -k "regex:suraa_(short|medium|long|one)|csrmv|spmv|SpMV" --launch-count 12 --csv --page details \
      $B --formats $f --reps 2 --warmup 1 --graphs 0 $g > /tmp/r/ncu-$n-$f.csv 2> /tmp/r/ncu-$n-$f.err; echo "ncu $n $f $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
