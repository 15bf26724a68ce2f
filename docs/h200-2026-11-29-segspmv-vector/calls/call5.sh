#!/usr/bin/env bash
# Call 5 (stop 55): the committed defaults (671af49: variant vector, unroll 8, T = 128) over the
# benchmark's suite (examples/bench/suite.txt: 12 large generated matrices and the 72 real ones),
# with ipcsr, suraa and cuSPARSE ALG1/ALG2 in the same process; then test_segspmv_gpu.
# Carry: .runtime/x3 (build-gpu's benchmark and test_segspmv_gpu, the libraries), .runtime/matrices
# (the 72 real matrices of ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in bench test_segspmv_gpu; do xz -dc .runtime/x3/$f.xz > /tmp/$f && chmod +x /tmp/$f; done
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 450 /tmp/bench --formats segspmv,ipcsr,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 50 \
  --suite examples/bench/suite.txt --matrix-dir .runtime/matrices --csv /tmp/r/suite.csv > /tmp/r/suite.txt 2>&1
echo "suite $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 120 /tmp/test_segspmv_gpu > /tmp/r/test_segspmv_gpu.txt 2>&1; echo "test_segspmv_gpu $? $SECONDS"
tail -3 /tmp/r/test_segspmv_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
