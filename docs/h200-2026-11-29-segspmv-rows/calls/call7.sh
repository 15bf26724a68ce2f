#!/usr/bin/env bash
# Call 7 (stop 56): the segment length L = 1, 2, 4, 8 set by hand (--param segspmv.length=L) and the
# rule's L, with 09e7e5d's benchmark (.runtime/x10b), on regular matrices of 5-53 nonzeros a row:
# the vector rule's weights were measured (stop 55, call 6) before the kernels of L = 2 and 4 were
# held to 40 registers. cuSPARSE ALG1/ALG2 in each process; one process per setting, in turn, two
# rounds.
# Carry: .runtime/x10b.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x10b/aijadaptive-bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x10b/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:qcd:L=16
gen:dia1:n=1000000,k=7 gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3
gen:stencil9:n=2000"
for round in 1 2; do
  for L in 0 1 2 4 8; do
    timeout 120 /tmp/bench --formats segspmv,cusparse-alg1,cusparse-alg2 --param segspmv.length=$L --reps 50 \
      --csv /tmp/r/L$L-$round.csv $gens > /tmp/r/L$L-$round.txt 2>&1
    echo "L$L $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
