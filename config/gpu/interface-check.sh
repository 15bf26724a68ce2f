#!/usr/bin/env bash
# Issue 8's GPU checks in one call, in the repo root on the GPU machine, with
# .runtime/ carried, made here by
#   config/gpu/pack.sh build debian                 (Debian's PETSc 3.18)
#   config/gpu/pack.sh build-cuda-petsc cudapetsc   (PETSc 3.26 with CUDA)
# 1. the GPU tests of the Debian build (core and PETSc, 1/2/4 ranks);
# 2. compute-sanitizer memcheck and racecheck over the core's GPU test binaries
#    (one test that provokes a launch error on purpose is left out of them);
# 3. the PETSc tests of the CUDA PETSc build on the GPU (MatBindToCPU and the
#    device vectors are real there).
# Writes $OUT/interface-check.tar.gz (all logs) and prints a summary.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
root=$(pwd)
nvidia-smi -L > "$logs/gpu.txt"
source config/gpu/run.sh debian /work/main
timeout 200 ctest --test-dir build -L gpu --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
echo "1. ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
filter='--gtest_filter=-KernelCacheGpu.ABadLaunchThrowsAndLeavesNoErrorBehind'
for tool in memcheck racecheck; do
  for t in test_adaptive_matrix_gpu test_csr_gpu test_ipcsr_gpu test_reordering_gpu test_kernel_cache_gpu; do
    args=$filter
    # racecheck instruments every shared-memory access: ipcsr's every parameter
    # set and type pair would take far too long, so it checks one type pair.
    [ $tool = racecheck ] && [ $t = test_ipcsr_gpu ] && args='--gtest_filter=IpcsrGpuTyped/0.*:IpcsrGpu.*'
    [ $tool = racecheck ] && [ $t = test_reordering_gpu ] && args='--gtest_filter=ReorderingGpuTyped/0.*:ReorderingGpu.*'
    timeout 150 $san --tool $tool --error-exitcode 99 build/tests/$t $args > "$logs/$tool-$t.txt" 2>&1
    code=$?
    echo "2. $tool $t: exit $code -- $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/$tool-$t.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/$tool-$t.txt" | tr '\n' ' ')"
  done
done
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
timeout 150 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
echo "3. ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
grep -E "Failed|\*\*\*" "$logs/ctest-cudapetsc.txt" "$logs/ctest-gpu-debian.txt" | head -20
tar czf "$out/interface-check.tar.gz" -C "$logs" .
