#!/usr/bin/env bash
# Issue 14 on the GPU machine: the MPI products with the ghost values on the
# device, the MPI library's CUDA support, copies per MatMult (-log_view), and
# the scaling driver at 1, 2, 4 ranks (one rank per GPU where there are that
# many, else sharing them). Run from the repository root after
#   config/gpu/pack.sh build-cuda-petsc cudapetsc
# with .runtime/ carried; results under $OUT.
#   STEPS="1 2 3 4 5"  which steps (default all)
#   N=128 FEM_N=64 DOF=3 RANKS="1 2 4" ROUNDS=3 REPS=100 ITS=50 WEAK_N=96
#   PROBLEMS="stencil27-strong fem-strong stencil27-weak"  step 5's problems
#                           (a call's 10 minutes may hold only some of them)
#   BEFORE=.runtime/before  a folder with an older libpetscaijadaptive.so to
#                           run the driver with too (LD_LIBRARY_PATH), for A/B
#   AB_OPTIONS="-mat_aijadaptive_peer_exchange never"  step 5 also runs aijadaptive
#                           alone with these options on several ranks (scaling-ab.csv)
set -u
STEPS=${STEPS:-"1 2 3 4 5"}
N=${N:-128}
FEM_N=${FEM_N:-64}
DOF=${DOF:-3}
RANKS=${RANKS:-"1 2 4"}
ROUNDS=${ROUNDS:-3}
REPS=${REPS:-100}
ITS=${ITS:-50}
WEAK_N=${WEAK_N:-96}
PROBLEMS=${PROBLEMS:-"stencil27-strong fem-strong stencil27-weak"}
BEFORE=${BEFORE:-}
AB_OPTIONS=${AB_OPTIONS:-}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="${PETSC_OPTIONS:-} -use_gpu_aware_mpi 0"
B=build-cuda-petsc
S=$B/examples/aijadaptive-scaling
has() { [[ " $STEPS " == *" $1 "* ]]; }
wants() { [[ " $PROBLEMS " == *" $1 "* ]]; }
# lib: now (this build's plugin) or before (the one in $BEFORE); then the command.
with_lib() {
  local lib=$1
  shift
  if [ "$lib" = before ]; then LD_LIBRARY_PATH=$BEFORE:$LD_LIBRARY_PATH "$@"; else "$@"; fi
}

if has 1; then  # every GPU test
  (cd $B && ctest -L gpu -j 6 --timeout 900) > "$OUT/ctest-gpu.txt" 2>&1
  tail -5 "$OUT/ctest-gpu.txt"
  grep -E "Failed|Timeout" "$OUT/ctest-gpu.txt" | head -20
fi

if has 2; then  # the machine and its MPI
  {
    nvidia-smi --query-gpu=index,name,memory.total --format=csv
    nvidia-smi topo -m
    echo "--- ompi_info (CUDA support)"
    ompi_info --parsable --all 2>/dev/null | grep -i -E "mpi_built_with_cuda_support|cuda" | head -20
    ompi_info 2>/dev/null | grep -i -E "Open MPI:|extensions|cuda" | head
    echo "--- nsys: $(command -v nsys || echo none)"
  } > "$OUT/machine.txt" 2>&1
  cat "$OUT/machine.txt"
fi

if has 3; then  # copies per product, with and without -use_gpu_aware_mpi
  for np in 2 4; do
    echo "--- np $np, -use_gpu_aware_mpi 0, PETSc's scatter"
    mpiexec -n $np $B/tests/test_ghosts -require_gpu -n 256 -mat_aijadaptive_peer_exchange never
    echo "--- np $np, -use_gpu_aware_mpi 0, the ghosts pushed between the GPUs"
    mpiexec -n $np $B/tests/test_ghosts -require_gpu -n 256 -mat_aijadaptive_peer_exchange always -expect_peer_exchange
  done > "$OUT/ghost-copies.txt" 2>&1
  if [ -n "$BEFORE" ]; then
    echo "--- np 2, the plugin in $BEFORE" >> "$OUT/ghost-copies.txt"
    with_lib before mpiexec -n 2 $B/tests/test_ghosts -require_gpu -n 256 >> "$OUT/ghost-copies.txt" 2>&1
  fi
  # A failed launch in the local product, 2 ranks: the next products run.
  for lib in now ${BEFORE:+before}; do
    echo "--- fault, np 2, $lib" >> "$OUT/ghost-copies.txt"
    with_lib $lib mpiexec -n 2 $B/tests/test_faults -mat_type aijadaptive -require_gpu -mat_aijadaptive_format ipcsr \
      -mat_aijadaptive_inject_fault launch:1 -expect_failure 1 2>&1 | grep -E "^MatMult|PASSED|FAILED|ERROR.*(launch|scatter|progress)" \
      >> "$OUT/ghost-copies.txt"
  done
  echo "--- np 2, -use_gpu_aware_mpi 1" >> "$OUT/ghost-copies.txt"
  PETSC_OPTIONS="-use_gpu_aware_mpi 1" mpiexec -n 2 $B/tests/test_ghosts -require_gpu -n 256 >> "$OUT/ghost-copies.txt" 2>&1
  echo "exit $?" >> "$OUT/ghost-copies.txt"
  grep -E "per product|PASSED|FAILED|FAIL|ERROR" "$OUT/ghost-copies.txt" | head -30
fi

if has 4; then  # -log_view of the driver, 2 ranks: the events' copy counts
  for lib in now ${BEFORE:+before}; do
    with_lib $lib mpiexec -n 2 $S -n $N -rounds 1 -mult_reps $REPS -ksp_its $ITS -baseline 0 -log_view \
      > "$OUT/logview-np2-$lib.txt" 2>&1
    echo "--- $lib"
    grep -E "^  aij|^MatMult |^VecScatterBegin|^VecScatterEnd|^AIJAdaptSpMV |^SFPack|^SFUnpack|CpuToGpu" "$OUT/logview-np2-$lib.txt" | head -20
  done
  # One type per run, so that -log_view's MatMult line is that type's alone.
  for type in aijadaptive aijcusparse; do
    mpiexec -n 2 $S -n $N -types $type -rounds 1 -mult_reps $REPS -ksp_its $ITS -baseline 0 -timeline 0 -log_view \
      > "$OUT/logview-np2-$type.txt" 2>&1
    echo "--- $type alone"
    grep -E "^MatMult |^KSPSolve |^VecScatterBegin|^VecScatterEnd|^AIJAdaptSpMV " "$OUT/logview-np2-$type.txt"
  done
fi

if has 5; then  # the driver: strong and weak scaling
  run() {  # name lib args...
    local name=$1 lib=$2
    shift 2
    echo "=== $name ($lib): $*" >> "$OUT/scaling-runs.txt"
    with_lib "$lib" "$@" > "$OUT/run.txt" 2>&1
    cat "$OUT/run.txt" >> "$OUT/scaling-runs.txt"
    grep -E "grid|MatMult|phases|waited|ERROR" "$OUT/run.txt" | head -12
    rm -f "$OUT/run.txt"
  }
  common="-rounds $ROUNDS -mult_reps $REPS -ksp_its $ITS"
  for np in $RANKS; do
    wants stencil27-strong && run stencil27-strong-np$np now mpiexec -n $np $S -n $N $common -csv "$OUT/scaling.csv"
    wants fem-strong && run fem-strong-np$np now mpiexec -n $np $S -problem fem -n $FEM_N -dof $DOF $common \
      -csv "$OUT/scaling.csv"
    wants stencil27-weak && run stencil27-weak-np$np now mpiexec -n $np $S -n $WEAK_N -weak $common -csv "$OUT/scaling.csv"
    if [ -n "$AB_OPTIONS" ] && [ "$np" != 1 ]; then
      wants stencil27-strong && run stencil27-strong-np$np-ab now mpiexec -n $np $S -n $N $common -types aijadaptive \
        -baseline 0 $AB_OPTIONS -csv "$OUT/scaling-ab.csv"
      wants fem-strong && run fem-strong-np$np-ab now mpiexec -n $np $S -problem fem -n $FEM_N -dof $DOF $common \
        -types aijadaptive -baseline 0 $AB_OPTIONS -csv "$OUT/scaling-ab.csv"
      wants stencil27-weak && run stencil27-weak-np$np-ab now mpiexec -n $np $S -n $WEAK_N -weak $common \
        -types aijadaptive -baseline 0 $AB_OPTIONS -csv "$OUT/scaling-ab.csv"
    fi
    if [ -n "$BEFORE" ] && [ "$np" != 1 ]; then
      wants stencil27-strong && run stencil27-strong-np$np-before before mpiexec -n $np $S -n $N $common \
        -types aijadaptive -baseline 0 -csv "$OUT/scaling-before.csv"
      wants fem-strong && run fem-strong-np$np-before before mpiexec -n $np $S -problem fem -n $FEM_N -dof $DOF \
        $common -types aijadaptive -baseline 0 -csv "$OUT/scaling-before.csv"
      wants stencil27-weak && run stencil27-weak-np$np-before before mpiexec -n $np $S -n $WEAK_N -weak $common \
        -types aijadaptive -baseline 0 -csv "$OUT/scaling-before.csv"
    fi
  done
  python3 examples/scaling_plot.py "$OUT/scaling.png" "$OUT/scaling.csv" > "$OUT/scaling-tables.md" 2>&1
  tail -40 "$OUT/scaling-tables.md"
fi
