#!/usr/bin/env bash
# Call 14 (stop 60), issue 13: the format tune kept, as aijadaptive-poisson now prints it (ad4ce9c;
# plugin and example of 1970636, PETSc 3.26.1 + CUDA, device vectors): -mat_aijadaptive_format
# tune on the 7- and 27-point 24^3 and the 27-point 100^3, beside sellcuda and aijcusparse, with
# the view after the solve (-ksp_view_mat ::ascii_info) for comparison.
# Carry: .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz, this script (.runtime/s60d);
# docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=build-cuda-petsc/examples/aijadaptive-poisson
for c in "24 7 2000" "24 27 2000" "100 27 200"; do
  set -- $c
  timeout 150 $P -n $1 -stencil $2 -types aijadaptive,sellcuda,aijcusparse -mult_reps $3 -mult_rounds 5 \
    -ksp_max_it 20 -mat_aijadaptive_format tune -ksp_view_mat ::ascii_info > /tmp/r/petsc-$2-$1-tune.txt 2>&1
  echo "$2-point $1^3 tune: exit $? $SECONDS"
  grep -E "^aijadaptive|tune:|interleaved" -A0 /tmp/r/petsc-$2-$1-tune.txt | head -12
  grep -A3 "interleaved" /tmp/r/petsc-$2-$1-tune.txt | tail -3
done
tar czf $OUT/r.tgz -C /tmp r
