#!/usr/bin/env bash
# Call 9 (stop 56): segspmv's block size and unroll on the regular matrices still under 1.15x
# (fem n=40 dof=3, stencil9 n=2000) and three beside them, 09e7e5d's benchmark (.runtime/x10b):
# the defaults (T = 128, unroll 8), unroll 16, T = 256, T = 64; cuSPARSE ALG1/ALG2 in each
# process; one process per setting, in turn, two rounds.
# Carry: .runtime/x10b.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x10b/aijadaptive-bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x10b/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:fem:n=40,dof=3 gen:stencil9:n=2000 gen:fem:n=120 gen:qcd:L=16 gen:stencil27:n=100"
run() {  # name [params]
  local name=$1; shift
  timeout 100 /tmp/bench --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 "$@" \
    --csv /tmp/r/$name-$round.csv $gens > /tmp/r/$name-$round.txt 2>&1
  echo "$name $round $? $SECONDS"
}
for round in 1 2; do
  run default
  run u16 --param segspmv.unroll=16
  run t256 --param segspmv.block_threads=256
  run t64 --param segspmv.block_threads=64
  tar czf $OUT/r.tgz -C /tmp r
done
