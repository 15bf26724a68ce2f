#!/usr/bin/env bash
# Call 12 (stop 55): the capped vector kernels as committed (L = 2 and 4 at 40 registers for blocks
# of up to 256 threads; .runtime/x4) against 0902d4f (.runtime/x3) on call 7's regular matrices, one
# process per build, in turn, two rounds; then the new build's test_segspmv_gpu.
# Carry: .runtime/x3b (0902d4f's benchmark), .runtime/x4 (the new benchmark, test_segspmv_gpu, the
# libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in x3 x4; do d=$x; [ $x = x3 ] && d=x3b; xz -dc .runtime/$d/bench.xz > /tmp/bench-$x && chmod +x /tmp/bench-$x; done
xz -dc .runtime/x4/test_segspmv_gpu.xz > /tmp/test_segspmv_gpu && chmod +x /tmp/test_segspmv_gpu
mkdir -p /tmp/gl && tar xJf .runtime/x4/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7
gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3 gen:qcd:L=16 gen:stencil27:n=40"
for round in 1 2; do
  for x in x3 x4; do
    timeout 150 /tmp/bench-$x --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/$x-$round.csv $gens > /tmp/r/$x-$round.txt 2>&1
    echo "$x $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
timeout 120 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
