#!/usr/bin/env bash
# Call 7 (stop 60): the review's refactor of the generic diagonal kernels (their shared start in
# generic_row) against 849b6ab (old), `aijadaptive-bench --jit 0 --formats dia,brcsd1,brcsd2,
# cusparse-alg1 --reps 50`, 2 rounds, on call 3's matrices; then the GPU tests of the diagonal
# formats and of the product graphs of the refactored build.
# Carry: .runtime/s60c (s60bin7.tar.xz, gpu-libs.tar.xz, diag33.txt, all/, this script); docs/ out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin7.tar.xz -C /tmp && chmod +x /tmp/s60bin7/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
(
  source /tmp/gl/gpu-libs/env.sh
  G="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil5:n=200 gen:stencil9:n=1000 \
     gen:dia1:n=1000000,k=7 gen:dia1:n=1000000,k=27,width=32 gen:dia2:n=1000000,k=9 gen:dia3 \
     gen:stencil27:n=100 gen:stencil7:n=160"
  for k in 1 2; do
    for b in old new; do
      timeout 100 /tmp/s60bin7/bench-$b --jit 0 --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
        --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$b-jit0-$k.csv $G --suite .runtime/s60c/diag33.txt \
        > /tmp/r/bench-$b-jit0-$k.txt 2>&1
      echo "$b jit0 ($k): exit $? $SECONDS"
    done
  done
  for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_product_graphs_gpu; do
    timeout 120 /tmp/s60bin7/$t > /tmp/r/$t.txt 2>&1; echo "$t: exit $? $SECONDS"; tail -2 /tmp/r/$t.txt | head -1
  done
)
tar czf $OUT/r.tgz -C /tmp r
