#!/usr/bin/env bash
# Call 4 (stop 55): the vector variant (without the pieces-ahead of calls 2-3) at unroll 8 and 16,
# blocks of 128 and 256 threads, and a padding limit of 0.15, against the scalar variant (the
# default before), on the regular generated matrices and the 16 real ones of 8-64 nonzeros a row
# and row cv < 0.5; cuSPARSE, suraa and ipcsr in the same call; one process per setting, in turn,
# two rounds; then test_segspmv_gpu.
# Carry: .runtime/x3 (build-gpu's benchmark and test_segspmv_gpu, the libraries), .runtime/reg (the 16
# real matrices, copied from ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in bench test_segspmv_gpu; do xz -dc .runtime/x3/$f.xz > /tmp/$f && chmod +x /tmp/$f; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
mats="gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7 gen:fem:n=96 gen:stencil7:n=150 gen:stencil9:n=1000
gen:fem:n=40,dof=3 gen:qcd:L=8 gen:dia2:n=1000000,k=9 gen:stencil27:n=40 $(ls .runtime/reg/*.mtx.gz)"
V="--param segspmv.variant=vector --param segspmv.unroll"
declare -A set=(
  [scalar8]="--param segspmv.variant=scalar --param segspmv.unroll=8"
  [v8]="$V=8"
  [v16]="$V=16"
  [v8t128]="$V=8 --param segspmv.block_threads=128"
  [v16t128]="$V=16 --param segspmv.block_threads=128"
  [v16p15]="$V=16 --param segspmv.max_padding=0.15"
)
for round in 1 2; do
  timeout 200 $B --formats cusparse-alg1,cusparse-alg2,suraa,ipcsr --pattern-values random --reps 50 --csv /tmp/r/base-$round.csv $mats > /tmp/r/base-$round.txt 2>&1; echo "base $round $? $SECONDS"
  for v in scalar8 v8 v16 v8t128 v16t128 v16p15; do
    timeout 200 $B --formats segspmv ${set[$v]} --pattern-values random --reps 50 --csv /tmp/r/$v-$round.csv $mats > /tmp/r/$v-$round.txt 2>&1; echo "$v $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 240 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
