#!/usr/bin/env bash
# Call 10 (stop 56): where segspmv's set-up goes, step by step, on six small real matrices and two
# generated ones (aijadaptive-setup-timing MATRIX 50 format=segspmv, 09e7e5d's build-gpu), each
# matrix its own process; then cuSPARSE's upload + preprocessing of the same matrices in the
# benchmark (09e7e5d's, .runtime/x10b; --reps 20), two rounds of it.
# Carry: .runtime/x12 (xz of build-gpu's aijadaptive-setup-timing), .runtime/x10b, .runtime/m6
# (six .mtx.gz of ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x12/aijadaptive-setup-timing.xz > /tmp/setup && chmod +x /tmp/setup
xz -dc .runtime/x10b/aijadaptive-bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x10b/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mats="$(ls .runtime/m6/*.mtx.gz) gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000"
for m in $mats; do
  timeout 60 /tmp/setup $m 50 format=segspmv >> /tmp/r/setup.txt 2>&1; echo "setup $m $? $SECONDS"
done
for round in 1 2; do
  timeout 100 /tmp/bench --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 20 --pattern-values random \
    --csv /tmp/r/bench-$round.csv $mats > /tmp/r/bench-$round.txt 2>&1
  echo "bench $round $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
