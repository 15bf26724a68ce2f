#!/usr/bin/env bash
# Call 1 (stop 55): segspmv's vector variant (a lane per segment, its L slots loaded as one vector)
# against the scalar variant (today's default) and cuSPARSE, suraa and ipcsr; one process per
# setting, in turn, two rounds; then test_segspmv_gpu (every variant, L and unroll against the host).
# Carry: .runtime/x3 (build-gpu's benchmark and test_segspmv_gpu, and the libraries pack.sh packs).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in bench test_segspmv_gpu; do xz -dc .runtime/x3/$f.xz > /tmp/$f && chmod +x /tmp/$f; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
gens="gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7 gen:fem:n=96 gen:stencil27:n=40 gen:qcd:L=4"
P="--param segspmv.variant"
declare -A set=(
  [scalar8]="$P=scalar --param segspmv.unroll=8"
  [vector4]="$P=vector --param segspmv.unroll=4"
  [vector8]="$P=vector --param segspmv.unroll=8"
  [vector16]="$P=vector --param segspmv.unroll=16"
  [vector8L8]="$P=vector --param segspmv.unroll=8 --param segspmv.length=8"
  [vector16p2]="$P=vector --param segspmv.unroll=16 --param segspmv.max_padding=0.2"
)
for round in 1 2; do
  timeout 120 $B --formats cusparse-alg1,cusparse-alg2,suraa,ipcsr --reps 50 --csv /tmp/r/base-$round.csv $gens > /tmp/r/base-$round.txt 2>&1; echo "base $round $? $SECONDS"
  for v in scalar8 vector4 vector8 vector16 vector8L8 vector16p2; do
    timeout 120 $B --formats segspmv ${set[$v]} --reps 50 --csv /tmp/r/$v-$round.csv $gens > /tmp/r/$v-$round.txt 2>&1; echo "$v $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 240 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
