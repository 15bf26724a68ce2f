#!/usr/bin/env bash
# Call 11: suraa's dynamic parallelism in a module of its own: GPU tests, memcheck, and the first
# matrix of a process (set-up with the module loads): suraa in one launch, suraa with its long grids
# launched from the device (loads the module), ipcsr and cuSPARSE, 3 processes each.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
T=build-gpu/tests
( cd build-gpu && timeout 300 ctest -L gpu -j 4 --timeout 250 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $T/test_suraa_gpu > $OUT/r/memcheck.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' $OUT/r/memcheck.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' $OUT/r/memcheck.txt | tr '\n' ' ')"
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
for rep in 1 2 3; do
  for v in "suraa rajat01" "suraa mult_dcop_01" "suraa mult_dcop_01 --param suraa.long_launch=device" "ipcsr rajat01" "cusparse-alg1 rajat01"; do
    set -- $v; f=$1; m=$2; shift 2
    line=$(timeout 60 $B --reps 20 --formats $f "$@" $M/$m.mtx.gz 2>&1 | grep -E "^  $f ")
    echo "first matrix: $f $m $* :: $line" | tee -a $OUT/r/first.txt
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
