#!/usr/bin/env bash
# Call G (stop 65), issue 10: suraa's long group with its segments (up to 8) as one kernel parameter
# (AIJA_EXP_PARAMSEG=1) against main (one segment: the parameter kernel; several: the grid kernel
# that looks its segment up in memory) and against the grid kernel forced for one segment
# (AIJA_EXP_GRID1=1); same binary, two rounds; test_suraa_gpu with PARAMSEG; ncu of the long kernels.
# Carry: .runtime/s65 (binG.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binG.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
AIJA_EXP_PARAMSEG=1 timeout 200 /tmp/b65/s-test_suraa_gpu-pseg > /tmp/r/test-paramseg.txt 2>&1; echo "test paramseg: exit $?"; tail -1 /tmp/r/test-paramseg.txt
save
B=/tmp/b65/s-bench-pseg
M="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=8,len=100000 gen:longrows:n=1000000,count=32,len=65536,short=8 gen:circuit:n=2000000,long=64,len=20000 gen:longrows:n=200000,count=8,len=65536"
for round in 1 2; do
  for v in main paramseg grid1; do
    e=(); [ $v = paramseg ] && e=(AIJA_EXP_PARAMSEG=1); [ $v = grid1 ] && e=(AIJA_EXP_GRID1=1)
    env "${e[@]}" timeout 250 $B --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/r$round-$v.csv $M > /tmp/r/r$round-$v.txt 2>&1
    echo "round $round $v: exit $? at ${SECONDS}s"
  done
  save
done
for v in main paramseg grid1; do
  e=(); [ $v = paramseg ] && e=(AIJA_EXP_PARAMSEG=1); [ $v = grid1 ] && e=(AIJA_EXP_GRID1=1)
  for m in "gen:circuit:n=1000000,long=8,len=100000" "gen:longrows:n=2000000,count=64,len=131072,short=8"; do
    tag=$(echo $m | cut -d: -f2)
    env "${e[@]}" timeout 120 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
      --section MemoryWorkloadAnalysis -k regex:'suraa_long' --launch-skip 2 --launch-count 2 --csv --page details \
      $B --formats suraa --reps 3 --warmup 1 $m > /tmp/r/ncu-$tag-$v.csv 2>/tmp/r/ncu-$tag-$v.err
    echo "ncu $tag $v: exit $? at ${SECONDS}s"
  done
done
save
