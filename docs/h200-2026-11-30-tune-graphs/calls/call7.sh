#!/usr/bin/env bash
# Call 7 (stop 59): 73a8196 (graphs while a kernel compiles in the background). The GPU tests of
# build-gpu it touches (test_product_graphs_gpu with its new test, test_dia_gpu, test_brcsd1_gpu,
# test_reordering_gpu, test_autotune_gpu, test_adaptive_matrix_gpu); then, through PETSc 3.26.1 +
# CUDA, the 7- and 27-point 24^3 with a kernel cache of their own (every process compiles its
# diagonal kernel during the run, as the first process of a machine does): aijadaptive-poisson
# -types aijadaptive,sellcuda,aijcusparse, 5 interleaved rounds of 2,000 MatMults, b16b264's plugin
# (`cudapetscold-tree`) and 73a8196's (`cudapetsc-tree`) in turn, two processes each; then 73a8196's
# with the disk cache warm.
# Packed with `TREE_EXCLUDE="test_*" config/gpu/pack.sh build-cuda-petsc cudapetsc` at each commit.
# Carry: .runtime/s59 (the test binaries, xz), .runtime/cudapetsc-libs.tar.xz,
# .runtime/cudapetsc-tree.tar.xz, .runtime/cudapetscold-tree.tar.xz; docs/ moved out.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in test_product_graphs_gpu test_dia_gpu test_brcsd1_gpu test_reordering_gpu test_autotune_gpu test_adaptive_matrix_gpu; do
  xz -dc .runtime/s59/$t.xz > /tmp/$t && chmod +x /tmp/$t
  XDG_CACHE_HOME=/tmp/cache-tests timeout 200 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $? $SECONDS"; tail -1 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
P=build-cuda-petsc/examples/aijadaptive-poisson
run() {  # build label, stencil, cache dir
  XDG_CACHE_HOME=$3 timeout 120 $P -n 24 -stencil $2 -types aijadaptive,sellcuda,aijcusparse -mult_reps 2000 \
    -mult_rounds 5 -ksp_max_it 20 -ksp_view_mat ::ascii_info > /tmp/r/petsc-$1-$2-$k.txt 2>&1
  echo "$1 $2-point ($k): exit $? $SECONDS"; grep -A1 "interleaved" /tmp/r/petsc-$1-$2-$k.txt | tail -1
}
for k in 1 2; do
  for b in old new; do
    if [ $b = old ]; then tar xJf .runtime/cudapetscold-tree.tar.xz -C .; else tar xJf .runtime/cudapetsc-tree.tar.xz -C .; fi
    for st in 7 27; do run $b $st "$(mktemp -d)"; done
  done
done
mkdir -p /tmp/warm
for k in 1 2 3; do for st in 7 27; do run warm $st /tmp/warm; done; done
tar czf $OUT/r.tgz -C /tmp r
