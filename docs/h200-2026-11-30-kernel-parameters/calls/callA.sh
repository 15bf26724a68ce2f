#!/usr/bin/env bash
# Call A (stop 63), issue 17: the generic diagonal kernel of a grid of few blocks with the layout (block
# runs, offsets) as a kernel parameter (param_layout, the new default) against the same kernel reading
# them from memory (param_layout never), the build before (old = 5332af0) and the generated kernels.
# 1. The GPU tests of the diagonal formats and of the product graphs (new build).
# 2. aijadaptive-bench --jit 0, formats dia, brcsd1, brcsd2 and cuSPARSE ALG1, on small stencils and the
#    33 real matrices a diagonal format takes: new (param), new with param_layout never (never), old;
#    then new with --jit 1 (generated). 2 interleaved rounds, a process each.
# 3. auto's first 2,000 products with a fresh kernel cache (--first-products), 7- and 27-point 24^3.
# 4. Through PETSc 3.26.1 + CUDA (the plugin and aijadaptive-poisson of this build): 7- and 27-point 24^3,
#    device vectors, -mat_aijadaptive_jit 0 with and without param_layout never, and jit 1 (warm cache),
#    beside sellcuda and aijcusparse, two processes each.
# Carry: .runtime/s63c (bin1.tar.xz, diag33.txt, this script), .runtime/s60c (gpu-libs.tar.xz, all/ as m),
# .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s63c/bin1.tar.xz -C /tmp && chmod +x /tmp/s63bin/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
save() { tar czf $OUT/r.tgz -C /tmp r; }
NEVER="--param dia.param_layout=never --param brcsd1.param_layout=never --param brcsd2.param_layout=never"
(
  source /tmp/gl/gpu-libs/env.sh
  for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_product_graphs_gpu; do
    timeout 200 /tmp/s63bin/$t > /tmp/r/$t.txt 2>&1
    echo "$t: exit $? at ${SECONDS}s"; grep -E "PASSED|FAILED" /tmp/r/$t.txt | head -5
  done
  save
  G="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil7:n=16 gen:stencil27:n=16 gen:stencil27:n=32 gen:stencil7:n=40"
  for k in 1 2; do
    for v in param never old generated; do
      b=new; args="--jit 0"
      [ $v = never ] && args="--jit 0 $NEVER"
      [ $v = old ] && b=old
      [ $v = generated ] && args="--jit 1"
      timeout 100 /tmp/s63bin/bench-$b $args --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
        --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$v-$k.csv $G --suite .runtime/s63c/diag33.txt \
        > /tmp/r/bench-$v-$k.txt 2>&1
      echo "bench $v ($k): exit $? at ${SECONDS}s"
    done
    save
  done
  for k in 1 2; do
    for v in param never old; do
      b=new; args=""; [ $v = never ] && args="$NEVER"; [ $v = old ] && b=old
      rm -rf /tmp/cache
      timeout 60 /tmp/s63bin/bench-$b $args --formats auto --first-products 2000 --reps 50 \
        gen:stencil7:n=24 gen:stencil27:n=24 > /tmp/r/first-$v-$k.txt 2>&1
      echo "first products $v ($k): exit $? at ${SECONDS}s"; grep -i "first" /tmp/r/first-$v-$k.txt | tail -2
    done
  done
  save
)
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
PN="-mat_aijadaptive_dia_param_layout never -mat_aijadaptive_brcsd1_param_layout never -mat_aijadaptive_brcsd2_param_layout never"
for k in 1 2; do
  for st in 7 27; do
    for v in jit0 jit0never jit1; do
      args="-mat_aijadaptive_jit 0"; [ $v = jit0never ] && args="$args $PN"; [ $v = jit1 ] && args=""
      timeout 60 build-cuda-petsc/examples/aijadaptive-poisson -n 24 -stencil $st -types aijadaptive,sellcuda,aijcusparse \
        -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 $args > /tmp/r/petsc-$st-$v-$k.txt 2>&1
      echo "petsc $st-point $v ($k): exit $? at ${SECONDS}s"; grep -A3 "interleaved" /tmp/r/petsc-$st-$v-$k.txt | tail -3
    done
  done
  save
done
save
