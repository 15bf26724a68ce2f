#!/usr/bin/env bash
# The foundation's GPU check (issue 2), run on the GPU machine in the repo root
# after config/gpu/pack.sh BUILD NAME here. Writes its logs under $OUT.
# Usage: config/gpu/check-foundation.sh NAME BUILD_DIR [N]   (N: grid of the main job, default 160)
set -uo pipefail
name=$1
bin=$2
n=${3:-160}
out=${OUT:-/tmp/aija-out}
mkdir -p "$out"
source config/gpu/run.sh "$name" /work/main
types=aijadaptive,aij
if [ "$name" != debian ]; then
  # A CUDA PETSc refuses a non-GPU-aware MPI without this (the GPU host's is not).
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  types=aijadaptive,aijcusparse,aij
fi
nvidia-smi -L | tee "$out/$name-gpu.txt"
ctest --test-dir $bin -L gpu --output-on-failure 2>&1 | tee "$out/$name-ctest-gpu.txt" | tail -25
ctest --test-dir $bin -LE gpu -j 8 --output-on-failure 2>&1 | tee "$out/$name-ctest-rest.txt" | tail -6
poisson=$bin/examples/aijadaptive-poisson
# The main job, both types in one run (1 rank), then aij on all 16 cores.
$poisson -n $n -types $types -mult_reps 100 2>&1 | tee "$out/$name-main-1rank.txt"
mpiexec -n 16 --bind-to core $poisson -n $n -types aij -mult_reps 100 2>&1 | tee "$out/$name-main-aij16.txt"
# Host-vector transfer modes, and the log of one solve.
for t in pin stage direct; do
  $poisson -n $n -types aijadaptive -mat_aijadaptive_host_transfer $t -mult_reps 100 2>&1 | grep -E "MatMult|aijadaptive" | sed "s/^/$t: /"
done | tee "$out/$name-transfer.txt"
$poisson -n $n -types aijadaptive -log_view > "$out/$name-logview.txt" 2>&1
grep -E "^(Event|MatMult|AIJAdapt|VecCUDA|KSPSolve)" "$out/$name-logview.txt"
# The 27-point stencil at the size of the figures in ../shared/PETSC_NOTES.md.
$poisson -n 160 -stencil 27 -types $types -mult_reps 100 -ksp_max_it 50 2>&1 | tee "$out/$name-main-27pt.txt"
