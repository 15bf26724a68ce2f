#!/usr/bin/env bash
# Call 2 (stop 61), issue 12: argcsr's desired chunk by the matrix and the threads' closing rule (working
# tree on 4a1c34d, "new") against 4a1c34d ("old", desired chunk 1), on call 1's 11 generated matrices
# and the 72 real ones: old d=1 and new by the matrix two rounds (with auto), then old and new at
# d = 2, 4, 8 one round each; test_argcsr_gpu and its memcheck.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s61 (bin2.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s61/bin2.tar.xz -C /tmp && chmod +x /tmp/s61b/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
( cd /tmp/r && timeout 120 /tmp/s61b/test_argcsr_gpu > test_argcsr_gpu.txt 2>&1; echo "test_argcsr_gpu: exit $?"; tail -3 test_argcsr_gpu.txt
  timeout 240 compute-sanitizer --tool memcheck --leak-check full /tmp/s61b/test_argcsr_gpu > memcheck.txt 2>&1
  echo "memcheck: exit $?"; tail -3 memcheck.txt )
G="gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=4,len=50000 gen:circuit:n=200000,long=2,len=10000
   gen:longrows:n=2000000,count=64,len=131072,short=8 gen:longrows:n=200000,count=8,len=16384,short=8
   gen:rmat:scale=22,ef=16 gen:rmat:scale=18,ef=16 gen:stencil27:n=100 gen:stencil27:n=40 gen:qcd:L=16 gen:fem:n=40,dof=3"
run() {  # NAME BUILD FORMATS [PARAM]
  local name=$1 build=$2 formats=$3
  shift 3
  timeout 300 /tmp/s61b/bench-$build --formats $formats --reps 30 --pattern-values random "$@" \
    --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt --csv /tmp/r/$name.csv $G > /tmp/r/$name.txt 2>&1
  echo "$name: exit $? at ${SECONDS}s"
  tar czf $OUT/r.tgz -C /tmp r
}
for r in 1 2; do
  run old-d1-r$r old argcsr,auto,cusparse-alg1,cusparse-alg2
  run new-d0-r$r new argcsr,auto,cusparse-alg1,cusparse-alg2
done
for d in 2 4 8; do
  run old-d$d old argcsr,cusparse-alg1,cusparse-alg2 --param argcsr.desired_chunk=$d
  run new-d$d new argcsr,cusparse-alg1,cusparse-alg2 --param argcsr.desired_chunk=$d
done
