#!/usr/bin/env bash
# Call 6: suraa one launch with sub-warp medium rows: tests, memcheck, racecheck (kept), small real matrices.
# with one launch (default) against the launch per group (one_launch_max_entries=0: the old limits
# and launches), with ipcsr, argcsr and cuSPARSE in the same runs; one-launch limit variants.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
T=build-gpu/tests
timeout 200 $T/test_suraa_gpu > $OUT/r/test_suraa_gpu.txt 2>&1; echo "test_suraa_gpu rc $? $(grep -E '^\[  (PASSED|FAILED)' $OUT/r/test_suraa_gpu.txt | tr '\n' ' ')"
( cd build-gpu && timeout 250 ctest -L gpu -j 4 --timeout 200 -R "suraa|adaptive|graph|autotune|bench" ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $T/test_suraa_gpu --gtest_filter='SuraaGpuTyped/1.*:SuraaGpu.*' > /tmp/mc.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
timeout 200 compute-sanitizer --tool racecheck --error-exitcode 9 $T/test_suraa_gpu --gtest_filter='SuraaGpuTyped/1.Dev*:SuraaGpuTyped/1.Many*' > $OUT/r/racecheck.txt 2>&1; echo "racecheck rc $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/r/racecheck.txt | tail -1)"
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
cv2="vsp_sctap1-2b_and_seymourl ca-HepPh mult_dcop_01 memplus rajat01 adder_dcop_05 rajat19 hangGlider_2 add32"
reg="cage11 cage10 Andrews brack2 copter2 bcsstk29 bcsstk17 vibrobox s3rmq4m1 teko_nsjac bcsstk16 Ill_Stokes bcsstk13 bcsstk14 fidapex6 dwt_992 bfw782a utm300 lund_a"
f1=$(for m in $cv2; do echo $M/$m.mtx.gz; done); f2=$(for m in $reg; do echo $M/$m.mtx.gz; done)
for v in default one_launch_max_entries=0 short_limit=32 short_limit=64; do
  args=""; [ $v != default ] && for p in ${v//+/ }; do args="$args --param suraa.$p"; done
  timeout 100 $B --formats suraa,ipcsr,argcsr,cusparse-alg1,cusparse-alg2 $args --csv $OUT/r/cv2-$v.csv $f1 > $OUT/r/cv2-$v.txt 2>&1; echo "cv2 $v rc $?"
  
  timeout 150 $B --formats suraa,ipcsr,cusparse-alg1,cusparse-alg2 $args --csv $OUT/r/reg-$v.csv $f2 > $OUT/r/reg-$v.txt 2>&1; echo "reg $v rc $?"
done
cd $OUT && tar czf r.tgz r && rm -rf r
