#!/usr/bin/env bash
# Call 7 (stop 55): the defaults of 8c3ea7f (the vector variant's L by weighed bytes) over the
# benchmark's suite (examples/bench/suite.txt) and call 6's regular matrices, with ipcsr, suraa and
# cuSPARSE ALG1/ALG2 in the same process, two rounds; then test_segspmv_gpu.
# Carry: .runtime/x3 (build-gpu's benchmark and test_segspmv_gpu, the libraries), .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in bench test_segspmv_gpu; do xz -dc .runtime/x3/$f.xz > /tmp/$f && chmod +x /tmp/$f; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7
gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3 gen:stencil27:n=40 gen:qcd:L=8"
for round in 1 2; do
  timeout 200 /tmp/bench --formats segspmv,ipcsr,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 50 \
    --suite examples/bench/suite.txt --matrix-dir .runtime/matrices --csv /tmp/r/suite-$round.csv > /tmp/r/suite-$round.txt 2>&1
  echo "suite $round $? $SECONDS"
  timeout 120 /tmp/bench --formats segspmv,ipcsr,suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/gens-$round.csv $gens > /tmp/r/gens-$round.txt 2>&1
  echo "gens $round $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 120 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
