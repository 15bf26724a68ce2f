#!/usr/bin/env bash
# Issue 9, third GPU call of 2026-11-24 (the device fill staged through pinned
# buffers, check_csr in row parts), in the repo root on the GPU machine with
# .runtime/ carried (config/gpu/pack.sh build debian; config/gpu/pack.sh
# build-cuda-petsc cudapetsc):
# 1. the GPU tests of the Debian build; memcheck over the diagonal formats'
#    GPU tests (double, int32: their fill tests take the pinned path) and the
#    adaptive matrix's (MEMCHECK="test_dia_gpu" was this call's choice; the
#    first call, with the same test steps, ran the three diagonal ones);
# 2. the host set-up steps and the structured matrices' products and set-up;
# 3. the PETSc and GPU tests of the CUDA PETSc build.
# Writes $OUT/dia-setup-final.tar.gz and prints the summaries.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
structured=$(grep -E '^gen:(stencil|dia)' examples/bench/suite.txt | cut -d' ' -f1)
(
  source config/gpu/run.sh debian /work/main
  timeout 200 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
  echo "1. ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
  san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  for t in ${MEMCHECK:-test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_adaptive_matrix_gpu}; do
    filter='--gtest_filter=*/0.*'
    [ $t = test_adaptive_matrix_gpu ] && filter='--gtest_filter=-KernelCacheGpu.ABadLaunchThrowsAndLeavesNoErrorBehind'
    timeout 120 $san --tool memcheck --error-exitcode 99 build/tests/$t $filter > "$logs/memcheck-$t.txt" 2>&1
    echo "1. memcheck $t: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/memcheck-$t.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/memcheck-$t.txt" | tr '\n' ' ')"
  done
  timeout 60 build/examples/aijadaptive-analysis-timing gen:stencil27:n=160 > "$logs/analysis-timing.txt" 2>&1
  echo "2. host set-up steps, stencil27 n=160 (s):" $(cat "$logs/analysis-timing.txt")
  timeout 200 build/examples/aijadaptive-bench --formats dia,brcsd1,brcsd2,ipcsr,auto,cusparse-alg1,cusparse-alg2 \
    --csv "$logs/structured.csv" $structured > "$logs/structured.txt" 2>&1
  echo "2. bench: exit $?"
  python3 config/gpu/setup_table.py "$logs/structured.csv" | tee "$logs/structured-table.txt"
)
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  timeout 150 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
  echo "3. ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-cudapetsc.txt" | head
)
tar czf "$out/dia-setup-final.tar.gz" -C "$logs" --exclude=cache .
