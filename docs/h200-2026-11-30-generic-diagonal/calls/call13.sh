#!/usr/bin/env bash
# Call 13 (stop 60), issue 13: what auto picks on call 11's large matrices, on 1970636's
# benchmark: aijadaptive-bench --formats auto,suraa,segspmv,ipcsr,inode,dia,cusparse-alg1,cusparse-alg2
# --reps 30, one process per matrix, two processes each, in turn.
# Carry: .runtime/s60c (s60bin8.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin8.tar.xz -C /tmp && chmod +x /tmp/s60bin8/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
F=auto,suraa,segspmv,ipcsr,inode,dia,cusparse-alg1,cusparse-alg2
k=0
for m in gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 \
         gen:fem:n=40,dof=3 gen:stencil9:n=2000 gen:qcd:L=16 gen:rmat:scale=22,ef=16; do
  for r in 1 2; do
    k=$((k + 1))
    timeout 200 /tmp/s60bin8/bench-old --formats $F --reps 30 --csv /tmp/r/bench-$k.csv $m > /tmp/r/bench-$k.txt 2>&1
    echo "$m ($r): exit $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
