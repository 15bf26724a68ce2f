#!/usr/bin/env bash
# Issue 9's measurements after the device fill (second GPU call of
# 2026-11-24), in the repo root on the GPU machine with .runtime/ carried
# (config/gpu/pack.sh build debian; config/gpu/pack.sh build-cuda-petsc cudapetsc):
# 1. where the host set-up time of stencil27 n=160 goes (16 host threads);
# 2. the suite's structured matrices with every diagonal format, ipcsr, auto
#    and cuSPARSE ALG1/ALG2: products and set-up (config/gpu/setup_table.py);
# 3. dia3 with brcsd2 at 128 threads per block (generated kernel);
# 4. PETSc 3.26 with CUDA, 27-point n=160, each type assembled directly (SELL
#    preallocated): aijadaptive, aijcusparse, sellcuda, device vectors.
# Writes $OUT/dia-setup-bench.tar.gz and prints the summaries.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
structured=$(grep -E '^gen:(stencil|dia)' examples/bench/suite.txt | cut -d' ' -f1)
(
  source config/gpu/run.sh debian /work/main
  timeout 90 build/examples/aijadaptive-analysis-timing gen:stencil27:n=160 > "$logs/analysis-timing.txt" 2>&1
  echo "1. host set-up steps, stencil27 n=160 (s):" $(cat "$logs/analysis-timing.txt")
  timeout 300 build/examples/aijadaptive-bench --formats dia,brcsd1,brcsd2,ipcsr,auto,cusparse-alg1,cusparse-alg2 \
    --csv "$logs/structured.csv" $structured > "$logs/structured.txt" 2>&1
  echo "2. bench: exit $?"
  python3 config/gpu/setup_table.py "$logs/structured.csv" | tee "$logs/structured-table.txt"
  grep -E "note|kernel generated|search" "$logs/structured.txt" | cut -c1-220 | head -30
  timeout 60 build/examples/aijadaptive-bench --formats brcsd2,cusparse-alg1,cusparse-alg2 \
    --param brcsd2.block_threads=128 --csv "$logs/dia3-T128.csv" gen:dia3:n=3000000,k=11,seg=4096 > "$logs/dia3-T128.txt" 2>&1
  echo "3. dia3 T=128: exit $?"
  python3 config/gpu/setup_table.py "$logs/dia3-T128.csv"
)
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  timeout 200 build-cuda-petsc/examples/aijadaptive-poisson -n 160 -stencil 27 -types aijadaptive,aijcusparse,sellcuda \
    -mult_reps 100 -mult_rounds 5 -ksp_max_it 50 > "$logs/petsc-27pt.txt" 2>&1
  echo "4. PETSc 3.26 + CUDA: exit $?"
  cat "$logs/petsc-27pt.txt"
)
tar czf "$out/dia-setup-bench.tar.gz" -C "$logs" --exclude=cache .
