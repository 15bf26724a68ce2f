#!/usr/bin/env bash
# Call 5 (stop 56): the rule for a long row's chunks (.runtime/x10, the working tree: K pieces a
# chunk once the matrix has K x 12672 pieces' worth of slots, K <= 8), against K = 1, 2, 4, 8 set by
# --param segspmv.long_row_pieces and HEAD 35cec92 (.runtime/head), on the generated irregular
# matrices, the 10 real ones with rows of more than 256 nonzeros (.runtime/m10, from
# ../shared/matrices) and three regular ones; one process per setting, in turn, two rounds, cuSPARSE
# in each; then x10's test_segspmv_gpu and test_adaptive_matrix_gpu.
# Carry: .runtime/head, .runtime/x10, .runtime/m10.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in head x10; do
  xz -dc .runtime/$x/aijadaptive-bench.xz > /tmp/aijadaptive-bench-$x && chmod +x /tmp/aijadaptive-bench-$x
done
for t in test_segspmv_gpu test_adaptive_matrix_gpu; do xz -dc .runtime/x10/$t.xz > /tmp/$t && chmod +x /tmp/$t; done
mkdir -p /tmp/gl && tar xJf .runtime/x10/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:rmat:scale=21,ef=16 gen:rmat:scale=18,ef=16 gen:rmat:scale=20,ef=8
gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=16,len=50000
gen:longrows:n=2000000,count=64,len=131072,short=8 gen:stencil27:n=100 gen:qcd:L=16 gen:fem:n=40,dof=3
$(ls .runtime/m10/*.mtx.gz)"
run() {  # name binary [params]
  local name=$1 bin=$2; shift 2
  timeout 200 /tmp/aijadaptive-bench-$bin --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 \
    --pattern-values random "$@" --csv /tmp/r/$name-$round.csv $gens > /tmp/r/$name-$round.txt 2>&1
  echo "$name $round $? $SECONDS"
}
for round in 1 2; do
  run head head
  run rule x10
  for k in 1 2 4 8; do run k$k x10 --param segspmv.long_row_pieces=$k; done
  tar czf $OUT/r.tgz -C /tmp r
done
for t in test_segspmv_gpu test_adaptive_matrix_gpu; do
  timeout 150 /tmp/$t > /tmp/r/$t.txt 2>&1
  echo "$t $? $SECONDS"; tail -3 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
