#!/usr/bin/env bash
# Call 6 (stop 55): the segment length L = 1, 2, 4, 8 set by hand (vector variant, unroll 8, T = 128,
# 671af49's defaults but for L) on regular matrices of 5-53 nonzeros a row, to fit the rule for L;
# cuSPARSE ALG1/ALG2 in the same call; one process per L, in turn, two rounds.
# Carry: .runtime/x3 (build-gpu's benchmark of 671af49 and the libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x3/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7
gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3 gen:stencil27:n=40 gen:qcd:L=8"
for round in 1 2; do
  timeout 120 $B --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/base-$round.csv $gens > /tmp/r/base-$round.txt 2>&1; echo "base $round $? $SECONDS"
  for L in 1 2 4 8; do
    timeout 120 $B --formats segspmv --param segspmv.length=$L --reps 50 --csv /tmp/r/L$L-$round.csv $gens > /tmp/r/L$L-$round.txt 2>&1; echo "L$L $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
