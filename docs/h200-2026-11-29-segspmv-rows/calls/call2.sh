#!/usr/bin/env bash
# Call 2 (stop 56): call 1's benchmark again, with the Kokkos libraries the benchmark links
# (call 1's benchmark runs found none). segspmv's rows added by groups of lanes, long rows and the
# chunks' sums by the whole warp (.runtime/x5: calls/lane-groups.patch on 35cec92) against HEAD 35cec92 (.runtime/head),
# one process per build, in turn, two rounds, with cuSPARSE in each process.
# Carry: .runtime/head, .runtime/x5 (as call 1, plus gpu-libs.tar.xz from ../shared/tools/pack-runtime).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in head x5; do
  xz -dc .runtime/$x/aijadaptive-bench.xz > /tmp/aijadaptive-bench-$x && chmod +x /tmp/aijadaptive-bench-$x
done
mkdir -p /tmp/gl && tar xJf .runtime/x5/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:qcd:L=16 gen:dia1:n=1000000,k=7
gen:fem:n=96 gen:fem:n=40,dof=3 gen:stencil27:n=40 gen:stencil9:n=2000 gen:stencil27:n=160
gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000
gen:longrows:n=2000000,count=64,len=131072,short=8"
for round in 1 2; do
  for x in head x5; do
    timeout 200 /tmp/aijadaptive-bench-$x --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 \
      --csv /tmp/r/$x-$round.csv $gens > /tmp/r/$x-$round.txt 2>&1
    echo "$x $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
