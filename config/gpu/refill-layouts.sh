#!/usr/bin/env bash
# Issue 13's refill bar (<= 1.2x the values copied alone) for the formats that
# fill their layout from CSR order (argcsr, inode, segspmv, suraa), on the GPU
# machine, from the repository root after
#   config/gpu/pack.sh build-cuda-petsc cudapetsc
# with .runtime/ carried. Writes $OUT/refill-layouts.txt.
#   MATRICES="gen:..."  FORMATS="argcsr inode segspmv suraa"  REPS=20
#   TESTS=1  first the GPU tests of those formats and of the adaptive matrix
set -u
OUT=${OUT:-/tmp/out}
REPS=${REPS:-20}
FORMATS=${FORMATS:-"argcsr inode segspmv suraa"}
MATRICES=${MATRICES:-"gen:stencil7:n=24 gen:rmat:scale=18 gen:fem:n=40,dof=3 gen:stencil27:n=100"}
mkdir -p "$OUT"
source config/gpu/run.sh cudapetsc /work/main
B=build-cuda-petsc
if [ "${TESTS:-1}" = 1 ]; then
  (cd $B && ctest -R "test_(argcsr|inode|segspmv|suraa|adaptive_matrix)_gpu" --output-on-failure) > "$OUT/tests.txt" 2>&1
  grep -E "tests passed|Failed|FAILED" "$OUT/tests.txt" | head
fi
for m in $MATRICES; do
  for f in $FORMATS; do
    echo "=== $m $f"
    $B/examples/aijadaptive-setup-timing "$m" "$REPS" format=$f 2>&1 | grep -E "^matrix|refill|copied alone|no such|rror"
  done
done | tee "$OUT/refill-layouts.txt"
