#!/usr/bin/env bash
# Call 1 (stop 53): ipcsr's block size swept on mid-size matrices. Each variant is one benchmark
# process of ipcsr alone (T = block_threads, f = shared_fraction: the staging area per block
# follows from both), the default also with suraa and cuSPARSE ALG1/ALG2; the variants alternate,
# two rounds. Matrices: .runtime/mid (22 real, 100k-1M nonzeros) and generated ones from 40k to
# 28M nonzeros. Carry: .runtime/g19 and .runtime/mid.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g19/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g19/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
gens="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:qcd:L=6 gen:fem:n=30 gen:circuit:n=100000,long=8,len=5000 gen:stencil27:n=100 gen:qcd:L=12"
variants="512:0.5 512:0.125 256:0.125 128:0.5 128:0.25 256:0.25 1024:0.5"
for round in 1 2; do
  for v in $variants; do
    T=${v%%:*}; f=${v##*:}
    fm=ipcsr; [ "$v" = "512:0.5" ] && fm=ipcsr,suraa,cusparse-alg1,cusparse-alg2
    timeout 300 $B --formats $fm --param ipcsr.block_threads=$T --param ipcsr.shared_fraction=$f \
      --pattern-values random --reps 50 --csv /tmp/r/b-$T-$f-$round.csv .runtime/mid/*.mtx.gz $gens \
      > /tmp/r/b-$T-$f-$round.txt 2>&1
    echo "$v round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
