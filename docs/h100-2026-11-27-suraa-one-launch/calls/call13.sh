#!/usr/bin/env bash
# Call 13: argcsr's long_row by size (small matrices: rows of up to 4096 entries in one group): GPU tests, memcheck,
# and the small circuit matrices with the default against long_row=1 (rows cut from long_chunk * T on, as before),
# two rounds, ipcsr, suraa and cuSPARSE in each run.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
T=build-gpu/tests
( cd build-gpu && timeout 300 ctest -L gpu -j 4 --timeout 250 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $T/test_argcsr_gpu > $OUT/r/memcheck.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' $OUT/r/memcheck.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' $OUT/r/memcheck.txt | tr '\n' ' ')"
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
circ="rajat01 rajat19 add32 adder_dcop_05 mult_dcop_01 memplus hangGlider_2"
f1=$(for m in $circ; do echo $M/$m.mtx.gz; done)
for round in 1 2; do
  for v in default long_row=1; do
    args=""; [ $v != default ] && args="--param argcsr.$v"
    timeout 100 $B --reps 200 --formats argcsr,ipcsr,suraa,cusparse-alg1,cusparse-alg2 $args --csv $OUT/r/circ-${v//=/_}-$round.csv $f1 > $OUT/r/circ-${v//=/_}-$round.txt 2>&1; echo "circ $v round $round rc $?"
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
