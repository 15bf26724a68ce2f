#!/usr/bin/env bash
# PETSc 3.26's ex56 (3D Q1 elasticity, 3 dof per node; unchanged, built by
# tests/petsc/ex56.cmake) on one GPU: MatMult with -mat_type aijcusparse,
# sellcuda and aijadaptive, each assembled in its type (ex56 calls
# MatSetFromOptions before preallocating), CG + Jacobi for ITS iterations
# (rtol 1e-30: every type does them all); -log_view's MatMult and the set-up
# events into a table (config/gpu/ex56_table.py). Vectors come from
# MatCreateVecs, hence the matrix type's (CUDA for all three), not -vec_type.
#   NE (default 60): elements per side: 3(NE+1)^3 rows, 9(3NE+1)^3 nonzeros
#     (60: 680,943 rows, 53.4M nonzeros, 0.64 GB as CSR).
#   FORMAT (default auto): -mat_aijadaptive_format.  ITS (default 500).
#   SELL_MAX_NE (default 12): sellcuda only up to there. ex56 preallocates with
#     MatSeqAIJSetPreallocation, which SELL ignores: SELL then assembles by
#     reallocating, in time ~ (NE+1)^6 (host, PETSc 3.26: NE 9 8 s, NE 15 140 s).
# In the repo root on the GPU machine with .runtime/ carried (config/gpu/pack.sh
# build-cuda-petsc cudapetsc), or from a script that sourced config/gpu/run.sh
# cudapetsc already. Writes $OUT/ex56-table.txt and $OUT/ex56.tar.gz.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
mkdir -p "$out"
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
ne=${NE:-60}
format=${FORMAT:-auto}
its=${ITS:-500}
if [[ ":${LD_LIBRARY_PATH:-}:" != *"/.runtime/unpacked/cudapetsc-libs/lib:"* ]]; then
  source config/gpu/run.sh cudapetsc /work/main
fi
export PETSC_OPTIONS="${PETSC_OPTIONS:-} -use_gpu_aware_mpi 0"
# -log_view_gpu_time: without it PETSc 3.26 prints n/a for the time of events that ran on the GPU.
opts=(-ne "$ne" -ksp_type cg -pc_type jacobi -ksp_max_it "$its" -ksp_rtol 1e-30 -ksp_norm_type unpreconditioned
      -ksp_converged_reason -ksp_view_final_residual -ksp_view_mat ::ascii_info -log_view -log_view_gpu_time)
for type in aijcusparse sellcuda aijadaptive; do
  log=$logs/ex56-$type.txt
  extra=()
  [ "$type" = aijadaptive ] && extra=(-dll_append "$(pwd)/build-cuda-petsc/plugin/libpetscaijadaptive.so"
                                      -mat_aijadaptive_format "$format")
  if [ "$type" = sellcuda ] && [ "$ne" -gt "${SELL_MAX_NE:-12}" ]; then
    echo "SKIPPED: NE $ne > SELL_MAX_NE ${SELL_MAX_NE:-12} (unpreallocated SELL assembly)" > "$log"
    continue
  fi
  timeout "${RUN_TIMEOUT:-150}" build-cuda-petsc/tests/petsc-ex56 "${opts[@]}" -mat_type "$type" "${extra[@]}" > "$log" 2>&1
  echo "ex56 -ne $ne -mat_type $type: exit $?"
done
python3 config/gpu/ex56_table.py "$logs"/ex56-{aijcusparse,sellcuda,aijadaptive}.txt | tee "$logs/ex56-table.txt"
# The same matrix in each type at any NE: saved by ex56 (AIJ), read by
# tests/petsc/matmult_file.c, sellcuda converted from AIJ (preallocated).
if [ "${FILE_COMPARE:-1}" = 1 ]; then
  build-cuda-petsc/tests/petsc-ex56 -ne "$ne" -ksp_max_it 1 -mat_type aij -ksp_view_mat "binary:$logs/A.bin" \
    > "$logs/save-matrix.txt" 2>&1
  echo "ex56 -ne $ne matrix saved: exit $?"
  for type in aijcusparse sellcuda aijadaptive; do
    extra=()
    [ "$type" = aijadaptive ] && extra=(-dll_append "$(pwd)/build-cuda-petsc/plugin/libpetscaijadaptive.so"
                                        -mat_aijadaptive_format "$format" -mat_view ::ascii_info)
    timeout "${RUN_TIMEOUT:-150}" build-cuda-petsc/tests/matmult_file -f "$logs/A.bin" -reps "$its" -mat_type "$type" \
      "${extra[@]}" > "$logs/matmult-file-$type.txt" 2>&1
    echo "matmult_file -mat_type $type: exit $?"
    grep -E "^matmult_file:" "$logs/matmult-file-$type.txt" | tee -a "$logs/ex56-table.txt"
  done
  rm -f "$logs"/A.bin*
fi
cp "$logs/ex56-table.txt" "$out/"
tar czf "$out/ex56.tar.gz" -C "$logs" --exclude=cache .
