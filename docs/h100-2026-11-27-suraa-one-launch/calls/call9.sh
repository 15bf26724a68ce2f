#!/usr/bin/env bash
# Call 9: suraa one launch (long segments by their longest row, the short-or-long fix): every GPU test,
# memcheck of test_suraa_gpu, and issue 10's table: the real matrices of row cv > 2 (two rounds, one launch
# and the launch per group in each), the large irregular ones (unchanged path), suraa/ipcsr/csr/cuSPARSE.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
T=build-gpu/tests
( cd build-gpu && timeout 300 ctest -L gpu -j 4 --timeout 250 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $T/test_suraa_gpu > $OUT/r/memcheck.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' $OUT/r/memcheck.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' $OUT/r/memcheck.txt | tr '\n' ' ')"
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
cv2="vsp_sctap1-2b_and_seymourl ca-HepPh mult_dcop_01 memplus rajat01 adder_dcop_05 rajat19 hangGlider_2"
f1=$(for m in $cv2; do echo $M/$m.mtx.gz; done)
for round in 1 2; do
  for v in default one_launch_max_entries=0; do
    args=""; [ $v != default ] && args="--param suraa.$v"
    timeout 100 $B --reps 200 --formats suraa,ipcsr,csr,argcsr,auto,cusparse-alg1,cusparse-alg2 $args --csv $OUT/r/cv2-${v//=/_}-$round.csv $f1 > $OUT/r/cv2-${v//=/_}-$round.txt 2>&1; echo "cv2 $v round $round rc $?"
  done
done
timeout 280 $B --formats suraa,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2 --csv $OUT/r/large.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > $OUT/r/large.txt 2>&1; echo "large rc $?"
cd $OUT && tar czf r.tgz r && rm -rf r
