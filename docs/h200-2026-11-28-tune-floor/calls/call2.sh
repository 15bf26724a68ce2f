#!/usr/bin/env bash
# Call 2 (stop 51): the small matrices' deferred set-up (MatrixOptions::defer_below_nnz,
# --defer-below-nnz) off and from under 10^6 nonzeros, in turn, two rounds: the suite's set-up and
# products (72 real matrices, auto and cuSPARSE ALG1/ALG2, median of 5 fresh set-ups) and auto's
# set-up with its first 100 products. Carry: .runtime/g16 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g16}
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
for round in 1 2; do
  for d in 0 1000000; do
    timeout 140 $B --formats auto,cusparse-alg1,cusparse-alg2 --defer-below-nnz $d --first-products 100 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/suite-d$d-$round.csv $M/*.mtx.gz > /tmp/r/suite-d$d-$round.txt 2>&1; echo "suite defer-below $d round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
