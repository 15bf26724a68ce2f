#!/usr/bin/env bash
# Call 4 (stop 56): call 3 again with the looped chunks mended (.runtime/x8, the working tree: the
# loop decided from the piece before any slot is loaded, half a piece at a time, not in the kernels
# held to 40 registers, which run layouts without such chunks; chunks a power of two of pieces,
# shifts instead of a 64-bit division), K = 1, 2, 8 and 64 by --param segspmv.long_row_pieces; and
# .runtime/x9 = x8 plus calls/rows-by-warp.diff (rows of more than 32 segments in a piece added by
# the whole warp), K = 8; against HEAD 35cec92 (.runtime/head); one process per setting, in turn, two
# rounds, cuSPARSE in each; then x8's test_segspmv_gpu.
# Carry: .runtime/head, .runtime/x8, .runtime/x9.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in head x8 x9; do
  xz -dc .runtime/$x/aijadaptive-bench.xz > /tmp/aijadaptive-bench-$x && chmod +x /tmp/aijadaptive-bench-$x
done
xz -dc .runtime/x8/test_segspmv_gpu.xz > /tmp/test_segspmv_gpu && chmod +x /tmp/test_segspmv_gpu
mkdir -p /tmp/gl && tar xJf .runtime/x8/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:rmat:scale=21,ef=16 gen:rmat:scale=18,ef=16 gen:rmat:scale=20,ef=8
gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=16,len=50000
gen:longrows:n=2000000,count=64,len=131072,short=8 gen:stencil27:n=100 gen:qcd:L=16 gen:fem:n=40,dof=3"
run() {  # name binary [params]
  local name=$1 bin=$2; shift 2
  timeout 200 /tmp/aijadaptive-bench-$bin --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 "$@" \
    --csv /tmp/r/$name-$round.csv $gens > /tmp/r/$name-$round.txt 2>&1
  echo "$name $round $? $SECONDS"
}
for round in 1 2; do
  run head head
  for k in 1 2 8 64; do run k$k x8 --param segspmv.long_row_pieces=$k; done
  run w8 x9 --param segspmv.long_row_pieces=8
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 150 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1
echo "test_segspmv_gpu $? $SECONDS"; tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
