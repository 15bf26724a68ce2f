#!/usr/bin/env bash
# Issue 9, the device fill (first GPU call of 2026-11-24): in the repo root on
# the GPU machine with .runtime/ carried, made here by
#   config/gpu/pack.sh build debian                 (Debian's PETSc 3.18)
#   config/gpu/pack.sh build-cuda-petsc cudapetsc   (PETSc 3.26 with CUDA)
# 1. the GPU tests of the Debian build (core and PETSc, 1/2/4 ranks);
# 2. compute-sanitizer memcheck over the diagonal formats' GPU tests (one type
#    pair: double, int32) and the adaptive matrix's;
# 3. the PETSc and GPU tests of the CUDA PETSc build.
# Writes $OUT/dia-setup-check.tar.gz (all logs) and prints a summary.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
nvidia-smi -L > "$logs/gpu.txt"
(
  source config/gpu/run.sh debian /work/main
  timeout 240 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
  echo "1. ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
  san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_adaptive_matrix_gpu; do
    filter='--gtest_filter=*/0.*'
    [ $t = test_adaptive_matrix_gpu ] && filter='--gtest_filter=-KernelCacheGpu.ABadLaunchThrowsAndLeavesNoErrorBehind'
    timeout 120 $san --tool memcheck --error-exitcode 99 build/tests/$t $filter > "$logs/memcheck-$t.txt" 2>&1
    echo "2. memcheck $t: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/memcheck-$t.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/memcheck-$t.txt" | tr '\n' ' ')"
  done
)
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  timeout 200 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
  echo "3. ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-cudapetsc.txt" | head
)
tar czf "$out/dia-setup-check.tar.gz" -C "$logs" --exclude=cache .
