#!/usr/bin/env bash
# Issue 9, third GPU call of 2026-11-24 (the device fill staged through pinned
# buffers, check_csr in row parts), .runtime/ carried as for dia-setup-check.sh:
# 1. the GPU tests of the Debian build; memcheck over test_dia_gpu (double,
#    int32: its fill test takes the pinned path);
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
  timeout 90 $san --tool memcheck --error-exitcode 99 build/tests/test_dia_gpu '--gtest_filter=*/0.*' > "$logs/memcheck-test_dia_gpu.txt" 2>&1
  echo "1. memcheck test_dia_gpu: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/memcheck-test_dia_gpu.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/memcheck-test_dia_gpu.txt" | tr '\n' ' ')"
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
