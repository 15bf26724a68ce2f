#!/usr/bin/env bash
# Call B (stop 65), issue 10: suraa's short group by windows, y staged in shared memory and written
# in row order (AIJA_EXP_STAGE=1, experiment build) against main's kernel (=0), same binary.
# test_suraa_gpu with the staged kernel; the benchmark, two rounds, STAGE 0/1 in turn; windows of
# 256/512/2048 staged; ncu of the staged short kernel on circuit n=4M.
# Carry: .runtime/s65 (binB.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binB.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
AIJA_EXP_STAGE=1 timeout 200 /tmp/b65/s-test_suraa_gpu > /tmp/r/test-stage1.txt 2>&1; echo "test stage1: exit $?"; tail -3 /tmp/r/test-stage1.txt
timeout 200 /tmp/b65/s-test_suraa_gpu > /tmp/r/test-stage0.txt 2>&1; echo "test stage0: exit $?"; tail -2 /tmp/r/test-stage0.txt
save
B=/tmp/b65/s-bench-stage
M="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=8,len=100000 gen:rmat:scale=21,ef=16 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=4000000,k=7 gen:fem:n=40,dof=3"
for round in 1 2; do
  for st in 0 1; do
    AIJA_EXP_STAGE=$st timeout 250 $B --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/r$round-s$st.csv $M > /tmp/r/r$round-s$st.txt 2>&1
    echo "round $round stage $st: exit $? at ${SECONDS}s"
  done
  save
done
for w in 256 512 2048; do
  AIJA_EXP_STAGE=1 timeout 250 $B --formats suraa,cusparse-alg1 --param suraa.sort_window=$w --reps 50 --csv /tmp/r/w$w-s1.csv $M > /tmp/r/w$w-s1.txt 2>&1
  echo "window $w stage 1: exit $? at ${SECONDS}s"
done
save
m="gen:circuit:n=4000000,long=16,len=200000"
AIJA_EXP_STAGE=1 timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    --section WarpStateStats -k regex:'suraa_(short|medium|long)' --launch-skip 3 --launch-count 4 --csv --page details \
    $B --formats suraa --reps 3 --warmup 1 $m > /tmp/r/ncu-circuit-s1.csv 2>/tmp/r/ncu-circuit-s1.err
echo "ncu: exit $? at ${SECONDS}s"
save
