#!/usr/bin/env bash
# Issue 17 (the MatMult hot path), first GPU call: where a small matrix's
# MatMult time goes. In the repo root on the GPU machine with .runtime/
# carried (config/gpu/pack.sh build debian; config/gpu/pack.sh
# build-cuda-petsc cudapetsc):
# 1. the benchmark on the 7- and 27-point stencils of 24^3: one event pair
#    per call (its floor), and back to back (per call, and the host's share);
#    with the generated kernels and with the generic ones (--jit 0);
# 2. PETSc 3.26 + CUDA, device vectors: MatMult of the same matrices for
#    aijadaptive, aijcusparse and sellcuda in interleaved rounds (each with the
#    host's time to enqueue), and aijadaptive with ipcsr and with --jit 0;
# 3. the host-vector MatMult of Debian's PETSc on the 7-point 160^3 (one
#    rank) and aij on 16 ranks: the streamed-vector half's baseline.
# Writes $OUT/hot-path-profile.tar.gz and prints the summaries. STEPS picks steps.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
small="gen:stencil7:n=24 gen:stencil27:n=24"
(
  source config/gpu/run.sh debian /work/main
  if [[ $steps == *" 1 "* ]]; then
    for jit in 1 0; do
      timeout 120 build/examples/aijadaptive-bench --jit $jit --reps 2000 \
        --formats dia,brcsd1,brcsd2,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2 $small > "$logs/bench-small-jit$jit.txt" 2>&1
      echo "1. bench --jit $jit: exit $?"
      grep -E "^matrix|^  [a-z]|back to back" "$logs/bench-small-jit$jit.txt" | sed -E 's/; (dia|brcsd|ipcsr|csr|kernel|generic).*//' | cut -c1-200
    done
  fi
  if [[ $steps == *" 3 "* ]]; then
    timeout 200 build/examples/aijadaptive-poisson -n 160 -types aijadaptive -mult_reps 100 -mult_rounds 3 \
      -ksp_max_it 20 > "$logs/debian-host-vectors.txt" 2>&1
    echo "3. Debian PETSc, host vectors, 1 rank: exit $?"; cat "$logs/debian-host-vectors.txt"
    timeout 200 mpiexec -n 16 build/examples/aijadaptive-poisson -n 160 -types aij -mult_reps 100 -mult_rounds 3 \
      -ksp_max_it 20 > "$logs/debian-aij-16.txt" 2>&1
    echo "3. Debian PETSc, aij, 16 ranks: exit $?"; cat "$logs/debian-aij-16.txt"
  fi
)
if [[ $steps == *" 2 "* ]]; then
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  for st in 7 27; do
    timeout 120 build-cuda-petsc/examples/aijadaptive-poisson -n 24 -stencil $st -types aijadaptive,aijcusparse,sellcuda \
      -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > "$logs/petsc-$st.txt" 2>&1
    echo "2. PETSc $st-point 24^3: exit $?"; grep -A4 "interleaved" "$logs/petsc-$st.txt"
    for variant in "ipcsr -mat_aijadaptive_format ipcsr" "jit0 -mat_aijadaptive_jit 0"; do
      set -- $variant
      name=$1; shift
      timeout 120 build-cuda-petsc/examples/aijadaptive-poisson -n 24 -stencil $st -types aijadaptive,sellcuda \
        -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 "$@" > "$logs/petsc-$st-$name.txt" 2>&1
      echo "2. PETSc $st-point 24^3 $*: exit $?"; grep -A3 "interleaved" "$logs/petsc-$st-$name.txt"
    done
  done
)
fi
tar czf "$out/hot-path-profile.tar.gz" -C "$logs" --exclude=cache .
