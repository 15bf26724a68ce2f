#!/usr/bin/env bash
# Call 11 (stop 55): segspmv's vector kernels held to 40 registers (calls/occupancy.patch:
# __launch_bounds__(256, 6), .runtime/x4) against 0902d4f's (48 registers, .runtime/x3) on call 7's
# regular matrices; one process per build, in turn, two rounds; cuSPARSE in each process.
# Carry: .runtime/x3 and .runtime/x4 (each a build-gpu benchmark and the libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in x3 x4; do xz -dc .runtime/$x/bench.xz > /tmp/bench-$x && chmod +x /tmp/bench-$x; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7
gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3 gen:qcd:L=16 gen:stencil27:n=40"
for round in 1 2; do
  for x in x3 x4; do
    timeout 150 /tmp/bench-$x --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/$x-$round.csv $gens > /tmp/r/$x-$round.txt 2>&1
    echo "$x $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
