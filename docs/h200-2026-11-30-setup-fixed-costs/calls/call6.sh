#!/usr/bin/env bash
# Call 6 (stop 67): where a mid-size matrix's set-up goes now (HEAD 0c6b610): setup-timing steps
# (40 reps) of the 15 real matrices of 8k-32k entries, and CUPTI timelines of the benchmark's
# set-ups (auto and cuSPARSE ALG1) of four of them.
# Carry: .runtime/s67 (binh, gpu-libs, trace/, this script), .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s67; M=.runtime/s64/all
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/binh.tar.xz -C /tmp/b
for f in Pd cryg2500 dwt_992 sherman3 bcspwr10 add32 sherman5 adder_dcop_05 hangGlider_2 watt_2 commanche_dual hammond zenios G51 nnc1374; do
  timeout 60 /tmp/b/setup $M/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1; echo "steps $f $?"
done
root=$(pwd); T=$root/$S/trace
for f in Pd cryg2500 adder_dcop_05 bcspwr10; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-bench-$f.csv \
    timeout 60 /tmp/b/bench --formats auto,cusparse-alg1 --reps 3 --warmup 1 --setup-reps 5 $M/$f.mtx.gz > /tmp/r/traced-bench-$f.txt 2>&1
  echo "trace bench $f $?"
done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
