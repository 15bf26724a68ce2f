#!/usr/bin/env bash
# Call 6 (stop 59), issues 13 and 17 through PETSc 3.26.1 + CUDA (PyPI's petsc, built here with
# --with-cuda-arch=90), device vectors: aijadaptive-poisson with aijadaptive, sellcuda and aijcusparse
# each assembled directly, 5 interleaved rounds of MatMults, CG + Jacobi first (20 iterations: with
# tune, its candidates are timed there). aijadaptive with -mat_aijadaptive_format auto and tune in
# turn, one process each: 7- and 27-point 24^3 (2,000 MatMults a round) twice, 27-point 100^3
# (200 a round) once. The plugin and aijadaptive-poisson of b16b264 (build-cuda-petsc), packed with
# `TREE_EXCLUDE="test_*" config/gpu/pack.sh build-cuda-petsc cudapetsc`.
# Carry: .runtime/cudapetsc-libs.tar.xz and .runtime/cudapetsc-tree.tar.xz, docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=build-cuda-petsc/examples/aijadaptive-poisson
T=aijadaptive,sellcuda,aijcusparse
for k in 1 2; do
  for st in 7 27; do
    for f in auto tune; do
      timeout 120 $P -n 24 -stencil $st -types $T -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 \
        -mat_aijadaptive_format $f -ksp_view_mat ::ascii_info > /tmp/r/petsc-$st-$f-$k.txt 2>&1
      echo "$st-point 24^3 $f ($k): exit $? $SECONDS"; grep -A3 "interleaved" /tmp/r/petsc-$st-$f-$k.txt | tail -3
    done
  done
  tar czf $OUT/r.tgz -C /tmp r
done
for f in auto tune; do
  timeout 200 $P -n 100 -stencil 27 -types $T -mult_reps 200 -mult_rounds 5 -ksp_max_it 20 \
    -mat_aijadaptive_format $f -ksp_view_mat ::ascii_info > /tmp/r/petsc-27-100-$f.txt 2>&1
  echo "27-point 100^3 $f: exit $? $SECONDS"; grep -A3 "interleaved" /tmp/r/petsc-27-100-$f.txt | tail -3
  tar czf $OUT/r.tgz -C /tmp r
done
