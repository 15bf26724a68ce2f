#!/usr/bin/env bash
# Issue 16, 2026-11-24: format inode (rows of identical columns share 16-bit
# column offsets). In the repo root on the GPU machine with .runtime/ carried
# (config/gpu/pack.sh build-cuda-petsc cudapetsc: one build, so that the real
# matrices fit in what a call carries):
# 1. the tests of the CUDA PETSc build (GPU and PETSc); memcheck and initcheck
#    over inode's;
# 2. FEM generators (dof 1..4, >= 30M nonzeros) and the 27-point stencil:
#    inode, ipcsr, csr, auto and cuSPARSE ALG1/ALG2 in one run;
# 3. the real FEM-like matrices of ../shared/matrices (copied to $MATRICES);
# 4. inode's parameters on fem dof=3 and dof=1 (one run each);
# 5. PETSc's ex56 (elasticity): aijadaptive against aijcusparse and sellcuda
#    (config/gpu/ex56.sh).
# Writes $OUT/inode.tar.gz and prints the tables. STEPS="1 2 3 4 5" picks steps.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3 4 5} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
formats=inode,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2
fem="gen:fem:n=60,dof=3 gen:fem:n=120 gen:fem:n=74,dof=2 gen:fem:n=48,dof=4 gen:stencil27:n=160"
real="bcsstk16 bcsstk17 bcsstk29 bcsstk33 crystk01 s3rmq4m1 raefsky1 teko_nsjac fidapex6 bcsstk13 Ill_Stokes copter2 brack2"
(
  source config/gpu/run.sh cudapetsc /work/main
  build=build-cuda-petsc
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"  # OpenMPI without CUDA: host buffers for MPI
  if [[ $steps == *" 1 "* ]]; then
    timeout 300 ctest --test-dir $build -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
    echo "1. ctest (CUDA PETSc 3.26): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
    grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)|Subprocess" "$logs/ctest-cudapetsc.txt" | head
    san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    for tool in memcheck initcheck; do
      timeout 150 $san --tool $tool --error-exitcode 99 $build/tests/test_inode_gpu > "$logs/$tool-inode.txt" 2>&1
      echo "1. $tool test_inode_gpu: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/$tool-inode.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/$tool-inode.txt" | tr '\n' ' ')"
    done
  fi
  if [[ $steps == *" 2 "* ]]; then
    timeout 400 $build/examples/aijadaptive-bench --formats $formats --csv "$logs/fem.csv" $fem > "$logs/fem.txt" 2>&1
    echo "2. bench fem: exit $?"
    python3 config/gpu/inode_table.py "$logs/fem.csv"
    grep -E "^matrix|^  (inode|auto)" -A1 "$logs/fem.txt" | grep -E "^matrix|note" | cut -c1-700
  fi
  if [[ $steps == *" 3 "* ]]; then
    files=$(for m in $real; do echo "${MATRICES:-matrices}/$m.mtx.gz"; done)
    timeout 200 $build/examples/aijadaptive-bench --formats $formats --pattern-values random --csv "$logs/real.csv" $files > "$logs/real.txt" 2>&1
    echo "3. bench real FEM-like: exit $?"
    python3 config/gpu/inode_table.py "$logs/real.csv"
  fi
  if [[ $steps == *" 4 "* ]]; then
    for m in gen:fem:n=60,dof=3 gen:fem:n=120; do
      for p in ${PARAMS:-group_threads=1 group_threads=2 group_threads=4 window_rows=65536 sort=no}; do
        timeout 100 $build/examples/aijadaptive-bench --formats inode,cusparse-alg1,cusparse-alg2 --param inode.$p \
          --csv "$logs/param-${m//[:=,]/_}-${p//=/_}.csv" $m > "$logs/param-${m//[:=,]/_}-${p//=/_}.txt" 2>&1
        echo "4. $m inode.$p: $(python3 config/gpu/inode_table.py "$logs/param-${m//[:=,]/_}-${p//=/_}.csv" | grep -E ' inode' | cut -c46-)"
      done
    done
  fi

  if [[ $steps == *" 5 "* && -f config/gpu/ex56.sh ]]; then
    for f in ${EX56_FORMATS:-inode auto}; do
      FORMAT=$f OUT=$logs/ex56-$f timeout 280 bash config/gpu/ex56.sh > "$logs/ex56-$f.txt" 2>&1
      echo "5. ex56 FORMAT=$f: exit $?"; tail -12 "$logs/ex56-$f.txt"
    done
  fi
)
mkdir -p "$out"
tar czf "$out/inode.tar.gz" -C "$logs" --exclude=cache .
