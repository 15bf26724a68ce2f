#!/usr/bin/env bash
# Call G (stop 63), issue 17: the small matrices' MatMult through PETSc 3.26.1 + CUDA (PyPI's petsc,
# built here with --with-cuda-arch=90), device vectors: the 7- and 27-point stencils of 24^3,
# aijadaptive, sellcuda and aijcusparse each assembled directly, 5 interleaved rounds of 2,000
# MatMults, three processes each (K="1 2 3"). The plugin and aijadaptive-poisson of b5fa8c2 (build-cuda-petsc),
# packed with `TREE_EXCLUDE="test_*" config/gpu/pack.sh build-cuda-petsc cudapetsc`. K: the processes
# (default "1 2 3").
# Carry: .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz and this script (.runtime/s63ci).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for st in 7 27; do
  for k in ${K:-1 2 3}; do
    timeout 120 build-cuda-petsc/examples/aijadaptive-poisson -n 24 -stencil $st -types aijadaptive,sellcuda,aijcusparse \
      -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/r/petsc-$st-$k.txt 2>&1
    echo "$st-point 24^3 ($k): exit $?"; grep -A3 "interleaved" /tmp/r/petsc-$st-$k.txt | tail -3
  done
  tar czf $OUT/r.tgz -C /tmp r
done
