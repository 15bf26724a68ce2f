#!/usr/bin/env bash
# Issues 11 and 12, 2026-11-24: formats segspmv (fixed power-of-two row
# segments) and argcsr (FORMAT=argcsr: row groups, chunks stored column-wise). In
# the repo root on the GPU machine with .runtime/ carried (config/gpu/pack.sh
# build-cuda-petsc cudapetsc):
# 1. the tests of the CUDA PETSc build (GPU and PETSc); compute-sanitizer
#    (SANITIZERS, default memcheck initcheck racecheck synccheck) over
#    $FORMAT's GPU tests;
# 2. the regular generated matrices (stencil27, qcd, fem as generated and
#    after RCM, dia1) and the irregular ones: segspmv, ipcsr, suraa, csr, auto
#    and cuSPARSE ALG1/ALG2 in one run;
# 3. real matrices of ../shared/matrices (copied to $MATRICES; $REAL names
#    them; default those with 8-64 nonzeros per row and row cv < 1);
# 4. variants of $FORMAT, each in a run of its own with cuSPARSE over $SWEEP
#    ($VARIANTS, parameters joined by '+'; default every L of segspmv with the
#    tree and the scalar variant).
# Writes $OUT/$FORMAT.tar.gz and prints the tables. STEPS="1 2 3 4" picks steps;
# in step 1, CTEST=0 skips ctest.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3 4} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
format=${FORMAT:-segspmv}
formats=${FORMATS:-$format,ipcsr,suraa,csr,auto,cusparse-alg1,cusparse-alg2}
regular="gen:stencil27:n=128 gen:qcd:L=16 gen:fem:n=120 gen:dia1:n=4000000,k=7"
irregular="gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8"
real=${REAL:-cage11 cage10 Andrews brack2 copter2 bcsstk29 bcsstk17 vibrobox s3rmq4m1}
sweep="gen:stencil27:n=100 gen:qcd:L=12 gen:fem:n=100 gen:dia1:n=4000000,k=7"
table=config/gpu/inode_table.py
(
  source config/gpu/run.sh cudapetsc /work/main
  build=build-cuda-petsc
  bench=$build/examples/aijadaptive-bench
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"  # OpenMPI without CUDA: host buffers for MPI
  if [[ $steps == *" 1 "* ]]; then
    if [[ ${CTEST:-1} == 1 ]]; then
      timeout 300 ctest --test-dir $build -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
      echo "1. ctest (CUDA PETSc 3.26): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
      grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)|Subprocess" "$logs/ctest-cudapetsc.txt" | head
    fi
    san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    for test in ${SANITIZED:-test_${format}_gpu}; do
      for tool in ${SANITIZERS:-memcheck initcheck racecheck synccheck}; do
        timeout 200 $san --tool $tool --error-exitcode 99 $build/tests/$test --gtest_filter="${FILTER:-*}" > "$logs/$tool-$test.txt" 2>&1
        echo "1. $tool $test: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/$tool-$test.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/$tool-$test.txt" | tr '\n' ' ')"
      done
    done
  fi
  if [[ $steps == *" 2 "* ]]; then
    timeout 300 $bench --formats $formats --csv "$logs/regular.csv" $regular > "$logs/regular.txt" 2>&1
    echo "2. bench regular: exit $?"
    timeout 120 $bench --formats $formats --reorder rcm --csv "$logs/fem-rcm.csv" gen:fem:n=120 > "$logs/fem-rcm.txt" 2>&1
    echo "2. bench fem after RCM: exit $?"
    timeout 300 $bench --formats $formats --csv "$logs/irregular.csv" $irregular > "$logs/irregular.txt" 2>&1
    echo "2. bench irregular: exit $?"
    python3 $table "$logs/regular.csv" "$logs/fem-rcm.csv" "$logs/irregular.csv"
  fi
  if [[ $steps == *" 3 "* ]]; then
    files=$(for m in $real; do echo "${MATRICES:-matrices}/$m.mtx.gz"; done)
    timeout 200 $bench --formats $formats --pattern-values random --csv "$logs/real.csv" $files > "$logs/real.txt" 2>&1
    echo "3. bench real: exit $?"
    python3 $table "$logs/real.csv"
  fi
  if [[ $steps == *" 4 "* ]]; then
    for p in ${VARIANTS:-length=1+variant=tree length=2+variant=tree length=4+variant=tree length=8+variant=tree length=16+variant=tree length=32+variant=tree length=4+variant=scalar length=8+variant=scalar length=32+variant=scalar}; do
      params=$(for a in ${p//+/ }; do echo "--param $format.$a"; done)
      name=${p//[=+]/_}
      timeout 150 $bench --formats $format,cusparse-alg1,cusparse-alg2 $params --csv "$logs/variant-$name.csv" \
        ${SWEEP:-$sweep} > "$logs/variant-$name.txt" 2>&1
      echo "4. $format.$p: exit $?"
      python3 $table "$logs/variant-$name.csv" | grep -E " $format"
    done
  fi
)
mkdir -p "$out"
tar czf "$out/$format.tar.gz" -C "$logs" --exclude=cache .
