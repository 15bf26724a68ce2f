#!/usr/bin/env bash
# Call 4 (stop 60), issue 12: argcsr's kernel of wide steps (up to 16 slots of a thread loaded at
# once) for grids the GPU holds at once, against 849b6ab's (old: 4 a step). aijadaptive-bench
# --formats argcsr,ipcsr,suraa,cusparse-alg1,cusparse-alg2 --reps 50, old and new in turn, 3 rounds,
# on the 72 real matrices (--pattern-values random) and generated irregular ones; then
# test_argcsr_gpu of the new build.
# Carry: .runtime/s60c (s60bin4.tar.xz, gpu-libs.tar.xz, all72.txt, all/, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin4.tar.xz -C /tmp && chmod +x /tmp/s60bin4/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
G="gen:circuit gen:circuit:n=1000000 gen:longrows:n=200000 gen:rmat:scale=18 gen:fem:n=40,dof=3 gen:stencil27:n=40"
F=argcsr,ipcsr,suraa,cusparse-alg1,cusparse-alg2
for k in 1 2 3; do
  for b in old new; do
    timeout 140 /tmp/s60bin4/bench-$b --formats $F --reps 50 --pattern-values random --matrix-dir .runtime/s60c/all \
      --csv /tmp/r/bench-$b-$k.csv --suite .runtime/s60c/all72.txt $G > /tmp/r/bench-$b-$k.txt 2>&1
    echo "$b ($k): exit $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 200 /tmp/s60bin4/test_argcsr_gpu > /tmp/r/test_argcsr_gpu.txt 2>&1; echo "test_argcsr_gpu: exit $? $SECONDS"
tail -3 /tmp/r/test_argcsr_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
