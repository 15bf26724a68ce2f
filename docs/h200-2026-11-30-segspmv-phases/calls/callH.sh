#!/usr/bin/env bash
# Call H (stop 62), issue 11: segspmv with blocks of 64 threads against the default 128 (--param
# segspmv.block_threads), 8b06fc3's benchmark (bin6), on the benchmark's suite (its 12 generated and 72 real
# matrices) and three more regular generated ones; one process per setting, in turn, two rounds.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s62 (bin6.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
tar xJf .runtime/s62/bin6.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for r in 1 2; do
  for t in 128 64; do
    timeout 200 /tmp/b6/aijadaptive-bench --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
      --param segspmv.block_threads=$t --suite examples/bench/suite.txt --matrix-dir .runtime/s60c/all \
      --csv $R/t$t-r$r.csv gen:fem:n=40,dof=3 gen:stencil27:n=100 gen:qcd:L=12 > $R/t$t-r$r.txt 2>&1
    echo "t$t r$r: $? at ${SECONDS}s"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
