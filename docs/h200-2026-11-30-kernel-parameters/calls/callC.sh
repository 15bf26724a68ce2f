#!/usr/bin/env bash
# Call C (stop 63), issue 17: the generic diagonal kernel over the layout as a kernel parameter, second
# version: lists of at most 32 diagonals, each padded to 32 by its last offset, so that the kernel reads a
# chunk's offsets at fixed places and ptxas issues all of a chunk's loads before its sums (call A's
# version interleaved them: 1.30x slower). Same binary, param_layout auto (param) against never (never),
# and the generated kernels (--jit 1); 3 interleaved rounds; then through PETSc as in call A.
# Carry: .runtime/s63c (bin2.tar.xz, diag33.txt, this script), .runtime/s60c/all, .runtime/s60c/gpu-libs.tar.xz,
# .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/s63bin && tar xJf .runtime/s63c/bin2.tar.xz -C /tmp && chmod +x /tmp/s63bin/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
save() { tar czf $OUT/r.tgz -C /tmp r; }
NEVER="--param dia.param_layout=never --param brcsd1.param_layout=never --param brcsd2.param_layout=never"
(
  source /tmp/gl/gpu-libs/env.sh
  G="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil7:n=16 gen:stencil27:n=16 gen:stencil27:n=32 gen:stencil7:n=40"
  for k in 1 2 3; do
    for v in param never generated; do
      args="--jit 0"; [ $v = never ] && args="--jit 0 $NEVER"; [ $v = generated ] && args="--jit 1"
      timeout 100 /tmp/s63bin/bench-new $args --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
        --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$v-$k.csv $G --suite .runtime/s63c/diag33.txt \
        > /tmp/r/bench-$v-$k.txt 2>&1
      echo "bench $v ($k): exit $? at ${SECONDS}s"
    done
    save
  done
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
      echo "petsc $st-point $v ($k): exit $? at ${SECONDS}s"; grep -A1 "interleaved" /tmp/r/petsc-$st-$v-$k.txt | tail -1
    done
  done
  save
done
save
