#!/usr/bin/env bash
# Call 3 (stop 60), issue 17: the generic diagonal kernel as committed (the chunked kernel for grids
# of at most a block per multiprocessor, the loop for more) against c1cd7f1's (old).
# 1. aijadaptive-bench --jit 0 (generic kernels only), formats dia, brcsd1, brcsd2 and cuSPARSE ALG1,
#    old and new in turn, 3 rounds, on generated diagonal matrices and diag33.txt.
# 2. The first 2,000 products while the kernel compiles: --formats auto --first-products 2000 on
#    the 7- and 27-point 24^3, each process with a fresh kernel cache, old and new in turn, 3 each.
# 3. The GPU tests of the diagonal formats and of the product graphs.
# 4. Through PETSc 3.26.1 + CUDA (new plugin): aijadaptive-poisson 7- and 27-point 24^3 beside
#    sellcuda and aijcusparse: -mat_aijadaptive_jit 0; jit 1 with a fresh kernel cache; jit 1 warm.
# Carry: .runtime/s60c (s60bin2.tar.xz, gpu-libs.tar.xz, diag33.txt, m/, this script),
# .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin2.tar.xz -C /tmp && chmod +x /tmp/s60bin2/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
(
  source /tmp/gl/gpu-libs/env.sh
  G="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil5:n=200 gen:stencil9:n=1000 \
     gen:dia1:n=1000000,k=7 gen:dia1:n=1000000,k=27,width=32 gen:dia2:n=1000000,k=9 gen:dia3 \
     gen:stencil27:n=100 gen:stencil7:n=160"
  for k in 1 2 3; do
    for b in old new; do
      timeout 100 /tmp/s60bin2/bench-$b --jit 0 --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
        --matrix-dir .runtime/s60c/m --csv /tmp/r/bench-$b-jit0-$k.csv $G --suite .runtime/s60c/diag33.txt \
        > /tmp/r/bench-$b-jit0-$k.txt 2>&1
      echo "$b jit0 ($k): exit $? $SECONDS"
    done
  done
  tar czf $OUT/r.tgz -C /tmp r
  for k in 1 2 3; do
    for b in old new; do
      XDG_CACHE_HOME=$(mktemp -d) timeout 100 /tmp/s60bin2/bench-$b --formats auto --first-products 2000 --reps 30 \
        gen:stencil7:n=24 gen:stencil27:n=24 > /tmp/r/first-$b-$k.txt 2>&1
      echo "$b first ($k): exit $? $SECONDS"; grep -o "set-up and the first[^;]*" /tmp/r/first-$b-$k.txt
    done
  done
  for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_product_graphs_gpu; do
    timeout 120 /tmp/s60bin2/$t > /tmp/r/$t.txt 2>&1; echo "$t: exit $? $SECONDS"; tail -2 /tmp/r/$t.txt | head -1
  done
)
tar czf $OUT/r.tgz -C /tmp r
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
P=build-cuda-petsc/examples/aijadaptive-poisson
for k in 1 2; do
  for st in 7 27; do
    for j in jit0 fresh warm; do
      case $j in jit0) o="-mat_aijadaptive_jit 0"; c=/tmp/cache ;; fresh) o=""; c=$(mktemp -d) ;; warm) o=""; c=/tmp/cache ;; esac
      XDG_CACHE_HOME=$c timeout 100 $P -n 24 -stencil $st -types aijadaptive,sellcuda,aijcusparse -mult_reps 2000 \
        -mult_rounds 5 -ksp_max_it 20 $o -ksp_view_mat ::ascii_info > /tmp/r/petsc-$st-$j-$k.txt 2>&1
      echo "$st-point 24^3 $j ($k): exit $? $SECONDS"; grep -A3 "interleaved" /tmp/r/petsc-$st-$j-$k.txt | tail -3
    done
  done
done
tar czf $OUT/r.tgz -C /tmp r
