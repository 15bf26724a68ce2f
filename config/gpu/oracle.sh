#!/usr/bin/env bash
# Issue 13, 2026-11-24: the oracle table. Every format, auto, tune and cuSPARSE
# ALG1/ALG2 on the matrices of $SUITES (suite files, default the generated
# part of the standard suite) and on the real matrices in $MATRICES (a folder of
# .mtx.gz, optional), in one run per call. In the repo root on the GPU machine
# with .runtime/ carried (config/gpu/pack.sh build-cuda-petsc cudapetsc).
# Writes $OUT/oracle-$ORACLE_NAME.csv and .txt and prints the summary of
# examples/bench/oracle_table.py.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
oracle_name=${ORACLE_NAME:-run}  # config/gpu/run.sh sets name and NAME
# With tune (the autotune) beside auto since 2026-11-24's second table.
formats=${FORMATS:-csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2}
mkdir -p "$out"
export XDG_CACHE_HOME=$(mktemp -d)
(
  source config/gpu/run.sh cudapetsc /work/main
  bench=build-cuda-petsc/examples/aijadaptive-bench
  suites=$(for s in ${SUITES:-}; do echo "--suite $s"; done)
  files=$(ls ${MATRICES:-/nonexistent}/*.mtx.gz 2>/dev/null)
  timeout ${LIMIT:-560} $bench --formats $formats --pattern-values random --reps ${REPS:-50} \
    --csv "$out/oracle-$oracle_name.csv" $suites $files > "$out/oracle-$oracle_name.txt" 2>&1
  echo "bench: exit $?"
  grep -E "WRONG|ERROR|error" "$out/oracle-$oracle_name.txt" | head
  python3 examples/bench/oracle_table.py "$out/oracle-$oracle_name.csv" | tail -25
)
