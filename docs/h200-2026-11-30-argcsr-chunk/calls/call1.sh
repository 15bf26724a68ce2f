#!/usr/bin/env bash
# Call 1 (stop 61). Issue 12: argcsr's desired chunk (1, 2, 4, 8) on the H200 over sizes, to set it by
# the matrix's size; issue 11: segspmv over the benchmark's suite (its 0.9x floor), one round.
# Build: build-gpu at 4a1c34d (code b69be3e). Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s61.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .runtime/s61/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
G="gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=4,len=50000 gen:circuit:n=200000,long=2,len=10000
   gen:longrows:n=2000000,count=64,len=131072,short=8 gen:longrows:n=200000,count=8,len=16384,short=8
   gen:rmat:scale=22,ef=16 gen:rmat:scale=18,ef=16 gen:stencil27:n=100 gen:stencil27:n=40 gen:qcd:L=16 gen:fem:n=40,dof=3"
R="rajat01 rajat19 add32 adder_dcop_05 mult_dcop_01 memplus hangGlider_2 cage11 teko_nsjac raefsky1 mdual Andrews epb1 cage10 wing"
RF=$(for m in $R; do echo -n "$m.mtx.gz "; done)
for r in 1 2; do
  for d in 1 2 4 8; do
    timeout 300 /tmp/bench --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
      --param argcsr.desired_chunk=$d --matrix-dir .runtime/s60c/all --csv /tmp/r/argcsr-d$d-r$r.csv $G $RF \
      > /tmp/r/argcsr-d$d-r$r.txt 2>&1
    echo "argcsr d=$d round $r: exit $? at ${SECONDS}s"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
timeout 500 /tmp/bench --formats segspmv,suraa,ipcsr,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
  --suite examples/bench/suite.txt --matrix-dir .runtime/s60c/all --csv /tmp/r/suite.csv > /tmp/r/suite.txt 2>&1
echo "suite: exit $? at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
