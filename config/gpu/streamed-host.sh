#!/usr/bin/env bash
# Issue 17, host vectors streamed (src/core/streamed_apply.hpp), one GPU call.
# In the repo root on the GPU machine with .runtime/ carried
# (config/gpu/pack.sh build debian; config/gpu/pack.sh build-cuda-petsc cudapetsc):
# 1. the GPU tests of the Debian build (host vectors: the streamed PETSc
#    tests among them); memcheck over the streamed adaptive-matrix test;
# 2. Debian's PETSc, host vectors (pinned, the default), one rank: the 7- and
#    27-point stencils of 160^3 streamed and not (-mat_aijadaptive_stream_min_mib
#    -1), then aij on 16 ranks (VARIANTS, lines of "name options...", replaces
#    the two aijadaptive runs, e.g. with -mat_aijadaptive_stream_piece_mib);
# 3. the PETSc and GPU tests of the CUDA PETSc build.
# Writes $OUT/streamed-host.tar.gz and prints the summaries. STEPS picks steps.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
(
  source config/gpu/run.sh debian /work/main
  if [[ $steps == *" 1 "* ]]; then
    timeout 240 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
    echo "1. ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
    grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
    san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    timeout 200 $san --tool memcheck --error-exitcode 99 build/tests/test_adaptive_matrix_gpu \
      --gtest_filter='*Streamed*' > "$logs/memcheck-streamed.txt" 2>&1
    echo "1. memcheck streamed: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/memcheck-streamed.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/memcheck-streamed.txt" | tr '\n' ' ')"
  fi
  if [[ $steps == *" 2 "* ]]; then
    for st in 7 27; do
      while read -r name opts; do
        timeout 150 build/examples/aijadaptive-poisson -n 160 -stencil $st -types aijadaptive -mult_reps 100 \
          -mult_rounds 5 -ksp_max_it 20 $opts < /dev/null > "$logs/host-$st-$name.txt" 2>&1
        echo "2. $st-point 160^3, host vectors, $opts: exit $?"
        grep -E "relative residual|MatMult|  aijadaptive " "$logs/host-$st-$name.txt"
      done <<< "${VARIANTS:-$'min4 -mat_aijadaptive_stream_min_mib 4\noff -mat_aijadaptive_stream_min_mib -1'}"
      timeout 150 mpiexec -n 16 build/examples/aijadaptive-poisson -n 160 -stencil $st -types aij -mult_reps 100 \
        -mult_rounds 5 -ksp_max_it 20 > "$logs/aij16-$st.txt" 2>&1
      echo "2. $st-point 160^3, aij on 16 ranks: exit $?"; grep -E "relative residual|  aij " "$logs/aij16-$st.txt"
    done
  fi
)
if [[ $steps == *" 3 "* ]]; then
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  timeout 180 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
  echo "3. ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-cudapetsc.txt" | head
)
fi
tar czf "$out/streamed-host.tar.gz" -C "$logs" --exclude=cache .
