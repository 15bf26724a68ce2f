#!/usr/bin/env bash
# Call 5 (stop 61), issue 12: argcsr's groups of T rows of a thread each writing y from their own sums
# (no shared memory, no barriers; working tree on aa5ca07, "after") against edaf6a7 ("before", the same
# argcsr code as aa5ca07), argcsr and cuSPARSE on call 2's 83 matrices, in turn, two rounds;
# test_argcsr_gpu, its memcheck and racecheck.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s61 (bin5.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s61/bin5.tar.xz -C /tmp && chmod +x /tmp/s61e/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
( cd /tmp/r && timeout 120 /tmp/s61e/test_argcsr_gpu > test_argcsr_gpu.txt 2>&1; echo "test_argcsr_gpu: exit $?"; tail -1 test_argcsr_gpu.txt
  timeout 240 compute-sanitizer --tool memcheck --leak-check full /tmp/s61e/test_argcsr_gpu > memcheck.txt 2>&1
  echo "memcheck: exit $?"; tail -2 memcheck.txt
  timeout 240 compute-sanitizer --tool racecheck /tmp/s61e/test_argcsr_gpu --gtest_filter='ArgcsrGpuTyped/0.*' > racecheck.txt 2>&1
  echo "racecheck: exit $?"; tail -2 racecheck.txt )
save
G="gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=4,len=50000 gen:circuit:n=200000,long=2,len=10000
   gen:longrows:n=2000000,count=64,len=131072,short=8 gen:longrows:n=200000,count=8,len=16384,short=8
   gen:rmat:scale=22,ef=16 gen:rmat:scale=18,ef=16 gen:stencil27:n=100 gen:stencil27:n=40 gen:qcd:L=16 gen:fem:n=40,dof=3"
for r in 1 2; do
  for b in before after; do
    timeout 200 /tmp/s61e/bench-$b --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
      --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt --csv /tmp/r/$b-r$r.csv $G > /tmp/r/$b-r$r.txt 2>&1
    echo "$b round $r: exit $? at ${SECONDS}s"; save
  done
done
