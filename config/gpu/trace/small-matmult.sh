#!/usr/bin/env bash
# Issue 17: what each microsecond of a small matrix's MatMult is, through
# PETSc 3.26 + CUDA and in the benchmark, from a CUPTI timeline (no nsys on
# the device machine). In the repo root on the GPU machine with .runtime/
# carried: cudapetsc-{libs,tree}.tar.xz (config/gpu/pack.sh build-cuda-petsc
# cudapetsc) and .runtime/trace/ (libaija_trace.so built from cupti_trace.c,
# and libcupti.so.13 where the machine lacks it).
# Traced runs first (one type a process), then the same untraced for the
# figures. Writes $OUT/trace-*.txt (timelines) and $OUT/*.txt (runs).
set -uo pipefail
out=${OUT:-/tmp/aija-out}
mkdir -p "$out"
root=$(pwd)
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
# env.sh puts the packed libraries first: this tree's plugin must be the one loaded.
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
poisson=build-cuda-petsc/examples/aijadaptive-poisson
bench=build-cuda-petsc/examples/aijadaptive-bench

traced() {  # NAME COMMAND...: runs it with the tracer, then reads the timeline
  local name=$1
  shift
  CUDA_INJECTION64_PATH="$root/.runtime/trace/libaija_trace.so" AIJA_TRACE_FILE="/tmp/$name.csv" \
    timeout 180 "$@" > "$out/$name-run.txt" 2>&1
  echo "$name: exit $? ($(wc -l < "/tmp/$name.csv") trace rows)"
  python3 config/gpu/trace/timeline.py "/tmp/$name.csv" ${KERNEL:+--kernel "$KERNEL"} --count 1000 --show 2 \
    > "$out/trace-$name.txt" 2>&1
  head -30 "$out/trace-$name.txt"
}

# The kernel cache warmed untraced, so that no process times the generic kernel.
for st in 7 27; do
  timeout 120 $poisson -n 24 -stencil $st -types aijadaptive -mult_reps 100 -ksp_max_it 5 > /dev/null 2>&1
done

petsc="-mult_reps 2000 -mult_rounds 1 -ksp_max_it 20"
for st in 7 27; do
  for type in aijadaptive sellcuda; do
    traced petsc-$st-$type $poisson -n 24 -stencil $st -types $type $petsc
  done
done
traced petsc-27-n4-aijadaptive $poisson -n 4 -stencil 27 -types aijadaptive $petsc
traced bench-7-dia $bench --graphs 1 --reps 2000 --formats dia gen:stencil7:n=24

# Untraced: the figures.
for k in 1 2; do
  for st in 7 27; do
    timeout 120 $poisson -n 24 -stencil $st -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 \
      -mult_rounds 5 -ksp_max_it 20 > "$out/petsc-$st-$k.txt" 2>&1
    echo "petsc $st-point ($k): exit $?"
    grep -A3 interleaved "$out/petsc-$st-$k.txt" | tail -3
  done
done
timeout 300 $bench --graphs 1 --reps 2000 --formats dia,brcsd1,ipcsr,auto,cusparse-alg1 \
  gen:stencil7:n=4 gen:stencil7:n=8 gen:stencil7:n=24 gen:stencil27:n=24 > "$out/bench-small.txt" 2>&1
echo "bench small: exit $?"
grep -E "^matrix|^  [a-z]|back to back" "$out/bench-small.txt" | cut -c1-160
