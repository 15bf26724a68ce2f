#!/usr/bin/env bash
# Call 3 (stop 55): as call 2, after the rows of a piece are loaded before its slots (one load level
# less on their path); the vector variant at unroll 4, 8, 16, K = 1, 2, 4, the streaming hint off; cuSPARSE,
# suraa and ipcsr in the same call; one process per setting, in turn, two rounds; then
# test_segspmv_gpu. Carry: .runtime/x3 (build-gpu's benchmark and test_segspmv_gpu, the libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in bench test_segspmv_gpu; do xz -dc .runtime/x3/$f.xz > /tmp/$f && chmod +x /tmp/$f; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
gens="gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7 gen:fem:n=96 gen:stencil27:n=40 gen:qcd:L=4"
V="--param segspmv.variant=vector --param segspmv.unroll"
K="--param segspmv.pieces_per_warp"
declare -A set=(
  [scalar8]="--param segspmv.variant=scalar"
  [v4k1]="$V=4"
  [v4k4]="$V=4 $K=4"
  [v8k1]="$V=8"
  [v8k2]="$V=8 $K=2"
  [v8k4]="$V=8 $K=4"
  [v16k1]="$V=16"
  [v4k1n]="$V=4 --param segspmv.stream_loads=never"
  [v8k1n]="$V=8 --param segspmv.stream_loads=never"
  [v8k1t128]="$V=8 --param segspmv.block_threads=128"
  [v8k1L8]="$V=8 --param segspmv.length=8"
)
for round in 1 2; do
  timeout 120 $B --formats cusparse-alg1,cusparse-alg2,suraa,ipcsr --reps 50 --csv /tmp/r/base-$round.csv $gens > /tmp/r/base-$round.txt 2>&1; echo "base $round $? $SECONDS"
  for v in scalar8 v4k1 v4k4 v8k1 v8k2 v8k4 v16k1 v4k1n v8k1n v8k1t128 v8k1L8; do
    timeout 120 $B --formats segspmv ${set[$v]} --reps 50 --csv /tmp/r/$v-$round.csv $gens > /tmp/r/$v-$round.txt 2>&1; echo "$v $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 240 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
