#!/usr/bin/env bash
# Issue 9's second GPU call, in the repo root on the GPU machine with .runtime/
# carried (config/gpu/pack.sh for build/debian and build-cuda-petsc/cudapetsc;
# build/examples/aijadaptive-analysis-timing times the host analysis's steps):
#   1. the GPU tests (Debian PETSc 3.18 build);
#   2. where the host set-up time of stencil27 n=160 goes;
#   3. dia3 and stencil27 n=160 with every diagonal format, ipcsr, auto, cuSPARSE;
#   4. PETSc 3.26 with CUDA, 27-point n=160, each type assembled directly:
#      aijadaptive, aijcusparse, sellcuda (device vectors).
# Writes $OUT/dia-final.tar.gz and prints the summaries.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
(
  source config/gpu/run.sh debian /work/main
  timeout 300 ctest --test-dir build -L gpu --output-on-failure > "$logs/ctest-gpu.txt" 2>&1
  echo "1. ctest -L gpu: exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu.txt")"
  grep -E "\*\*\*Failed|Segmentation" "$logs/ctest-gpu.txt" | head
  timeout 60 build/examples/aijadaptive-analysis-timing gen:stencil27:n=160 > "$logs/analysis-timing.txt" 2>&1
  echo "2. host set-up steps, stencil27 n=160 (s):" $(cat "$logs/analysis-timing.txt")
  timeout 150 build/examples/aijadaptive-bench --formats dia,brcsd1,brcsd2,ipcsr,auto,cusparse-alg1,cusparse-alg2 \
    --csv "$logs/dia3.csv" gen:dia3:n=3000000,k=11,seg=4096 gen:stencil27:n=160 > "$logs/dia3.txt" 2>&1
  echo "3. bench: exit $?"
  grep -E "^matrix|^  (dia |brcsd|ipcsr|auto|cusparse)|kernel" "$logs/dia3.txt" | cut -c1-150
)
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  timeout 240 build-cuda-petsc/examples/aijadaptive-poisson -n 160 -stencil 27 -types aijadaptive,aijcusparse,sellcuda \
    -mult_reps 100 -mult_rounds 5 -ksp_max_it 50 > "$logs/petsc-27pt.txt" 2>&1
  echo "4. PETSc 3.26 + CUDA: exit $?"
  cat "$logs/petsc-27pt.txt"
)
tar czf "$out/dia-final.tar.gz" -C "$logs" --exclude=cache .
