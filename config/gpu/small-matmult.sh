#!/usr/bin/env bash
# Issue 17: the small matrices' MatMult through PETSc 3.26 + CUDA with this
# build's plugin and with another one (BEFORE_LIB: a folder holding an older
# libpetscaijadaptive.so, put first on LD_LIBRARY_PATH, which the binaries'
# RUNPATH gives way to), alternating processes; then the tests of both builds.
# In the repo root on the GPU machine with .runtime/ carried.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  for st in 7 27; do
    for k in 1 2; do
      for variant in before after; do
        lib=""
        [ $variant = before ] && lib="$(pwd)/${BEFORE_LIB:?}:"
        LD_LIBRARY_PATH="$lib$LD_LIBRARY_PATH" timeout 120 build-cuda-petsc/examples/aijadaptive-poisson -n 24 \
          -stencil $st -types aijadaptive,sellcuda,aijcusparse -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 \
          > "$logs/petsc-$st-$variant-$k.txt" 2>&1
        echo "$st-point 24^3, $variant ($k): exit $?"; grep -A3 "interleaved" "$logs/petsc-$st-$variant-$k.txt" | tail -3
      done
    done
  done
  timeout 180 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
  echo "ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
)
(
  source config/gpu/run.sh debian /work/main
  timeout 240 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
  echo "ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
)
tar czf "$out/small-matmult.tar.gz" -C "$logs" --exclude=cache .
