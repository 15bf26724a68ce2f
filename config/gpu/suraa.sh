#!/usr/bin/env bash
# Issue 10, 2026-11-24: format suraa (rows sorted by length, Freedman-Diaconis
# segments, three groups on their own streams). In the repo root on the GPU
# machine with .runtime/ carried (config/gpu/pack.sh build-cuda-petsc cudapetsc):
# 1. the tests of the CUDA PETSc build (GPU and PETSc); memcheck, initcheck and
#    synccheck over suraa's GPU tests;
# 2. the irregular generated matrices (rmat scale 22, circuit, longrows) and two
#    regular ones: suraa, ipcsr, csr, auto and cuSPARSE ALG1/ALG2 in one run;
# 3. the real matrices of ../shared/matrices with row cv > 2 (copied to $MATRICES);
# 4. variants, each in a run of its own with cuSPARSE: long grids from the host,
#    one stream, segment sizes other than the rule's ($VARIANTS).
# Writes $OUT/suraa.tar.gz and prints the tables. STEPS="1 2 3 4" picks steps;
# in step 1, CTEST=0 skips ctest and SANITIZERS names the tools.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3 4} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
formats=suraa,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2
irregular="gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8"
regular="gen:stencil27:n=128 gen:qcd:L=16 gen:fem:n=120"
real="vsp_sctap1-2b_and_seymourl ca-HepPh mult_dcop_01 memplus rajat01 adder_dcop_05 rajat19 hangGlider_2"
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
    for tool in ${SANITIZERS:-memcheck initcheck synccheck}; do
      timeout 150 $san --tool $tool --error-exitcode 99 $build/tests/test_suraa_gpu > "$logs/$tool-suraa.txt" 2>&1
      echo "1. $tool test_suraa_gpu: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/$tool-suraa.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/$tool-suraa.txt" | tr '\n' ' ')"
    done
  fi
  if [[ $steps == *" 2 "* ]]; then
    timeout 400 $bench --formats $formats --csv "$logs/generated.csv" $irregular $regular > "$logs/generated.txt" 2>&1
    echo "2. bench generated: exit $?"
    python3 $table "$logs/generated.csv"
    grep -E "^matrix|^  (suraa|auto)" -A1 "$logs/generated.txt" | grep -E "^matrix|note|suraa:" | cut -c1-300
  fi
  if [[ $steps == *" 3 "* ]]; then
    files=$(for m in $real; do echo "${MATRICES:-matrices}/$m.mtx.gz"; done)
    timeout 200 $bench --formats $formats --pattern-values random --csv "$logs/real.csv" $files > "$logs/real.txt" 2>&1
    echo "3. bench real, row cv > 2: exit $?"
    python3 $table "$logs/real.csv"
  fi
  if [[ $steps == *" 4 "* ]]; then
    files=$(for m in $real; do echo "${MATRICES:-matrices}/$m.mtx.gz"; done)
    # A variant: parameters joined by '+', e.g. streams=no+long_launch=host.
    for p in ${VARIANTS:-long_launch=host streams=no segment_rows=32 segment_rows=1024 segment_rows=32768}; do
      params=$(for a in ${p//+/ }; do echo "--param suraa.$a"; done)
      timeout 150 $bench --formats suraa,cusparse-alg1,cusparse-alg2 $params --pattern-values random \
        --csv "$logs/variant-${p//[=+]/_}.csv" $irregular $regular $files > "$logs/variant-${p//[=+]/_}.txt" 2>&1
      echo "4. suraa.$p: exit $?"
      python3 $table "$logs/variant-${p//[=+]/_}.csv" | grep -E ' suraa'
    done
  fi
)
mkdir -p "$out"
tar czf "$out/suraa.tar.gz" -C "$logs" --exclude=cache .
