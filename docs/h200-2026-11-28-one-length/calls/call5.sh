#!/usr/bin/env bash
# Call 5 (stop 50): the CSR arrays sent during the analysis (the prefetch) from fewer nonzeros.
# Call 4's build (0ee8bef); the suite's set-up and products (72 real matrices, auto and cuSPARSE
# ALG1/ALG2, median of 5 fresh set-ups) with --prefetch-min-nnz 131072 (the default), 32768 and
# 8192, in turn, two rounds. Carry: .runtime/g13 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=.runtime/g13
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
for round in 1 2; do
  for p in 131072 32768 8192; do
    timeout 150 $B --formats auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --prefetch-min-nnz $p --csv /tmp/r/suite-p$p-$round.csv $M/*.mtx.gz > /tmp/r/suite-p$p-$round.txt 2>&1; echo "suite $p $round: $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
