#!/usr/bin/env bash
# Call 9 (stop 60), issue 12: argcsr's kernel on rajat01 under Nsight Compute, 1970636 (old) and
# call 8's u8 (8 slots a step), the product kernel's first launch: the details page of --set full,
# and its source page as SASS with per-instruction stall samples.
# Carry: .runtime/s60c (s60bin8.tar.xz, gpu-libs.tar.xz, all/, this script); docs/ out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ncu --version | tail -1
tar xJf .runtime/s60c/s60bin8.tar.xz -C /tmp && chmod +x /tmp/s60bin8/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for b in old u8; do
  B="/tmp/s60bin8/bench-$b --formats argcsr --reps 3 --warmup 1 --pattern-values random .runtime/s60c/all/rajat01.mtx.gz"
  timeout 150 ncu -k regex:argcsr_kernel -c 1 --set full -o /tmp/r/argcsr-$b $B > /tmp/r/ncu-run-$b.txt 2>&1
  echo "$b: exit $? $SECONDS"
  ncu -i /tmp/r/argcsr-$b.ncu-rep --page details > /tmp/r/details-$b.txt 2>&1
  ncu -i /tmp/r/argcsr-$b.ncu-rep --page source --print-source sass > /tmp/r/sass-$b.txt 2>&1
  grep -E "Duration|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|L1/TEX Hit|L2 Hit" /tmp/r/details-$b.txt | head -12
  wc -l /tmp/r/sass-$b.txt
done
tar czf $OUT/r.tgz -C /tmp r
