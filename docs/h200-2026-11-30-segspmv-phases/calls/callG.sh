#!/usr/bin/env bash
# Call G (stop 62), issue 11: segspmv's unroll (4, 8, 16) and block size T (64, 128, 256) on fem n=40 dof=3 and
# three other regular matrices larger than L2, the working tree's build (bin6), one process per setting, two rounds.
# Carry: .runtime/s60c (gpu-libs.tar.xz), .runtime/s62 (bin6.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
tar xJf .runtime/s62/bin6.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
G="gen:fem:n=40,dof=3 gen:qcd:L=16 gen:stencil27:n=100 gen:fem:n=120"
for r in 1 2; do
  timeout 100 /tmp/b6/aijadaptive-bench --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv $R/base-$r.csv $G > $R/base-$r.txt 2>&1
  for u in 4 8 16; do for t in 64 128 256; do
    timeout 100 /tmp/b6/aijadaptive-bench --formats segspmv --reps 50 --param segspmv.unroll=$u --param segspmv.block_threads=$t \
      --csv $R/u$u-t$t-$r.csv $G > $R/u$u-t$t-$r.txt 2>&1
    echo "u$u t$t r$r: $? at ${SECONDS}s"
  done; done
  tar czf $OUT/r.tgz -C /tmp r
done
