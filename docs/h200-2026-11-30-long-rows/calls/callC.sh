#!/usr/bin/env bash
# Call C (stop 65), issue 10: suraa's long group by column ranges (x's range staged in shared
# memory, a warp per row piece; AIJA_EXP_RANGES=1, experiment build) against main's chunks (=0),
# same binary. test_suraa_gpu with the ranges; the benchmark, two rounds, 0/1 in turn; ncu.
# Carry: .runtime/s65 (binC.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binC.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
AIJA_EXP_RANGES=1 timeout 200 /tmp/b65/s-test_suraa_gpu-r > /tmp/r/test-ranges1.txt 2>&1; echo "test ranges1: exit $?"; tail -3 /tmp/r/test-ranges1.txt
save
B=/tmp/b65/s-bench-ranges
M="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=8,len=100000 gen:longrows:n=1000000,count=32,len=65536,short=8 gen:circuit:n=2000000,long=64,len=20000"
for round in 1 2; do
  for st in 0 1; do
    AIJA_EXP_RANGES=$st timeout 250 $B --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/r$round-x$st.csv $M > /tmp/r/r$round-x$st.txt 2>&1
    echo "round $round ranges $st: exit $? at ${SECONDS}s"
  done
  save
done
for m in "gen:circuit:n=4000000,long=16,len=200000" "gen:longrows:n=2000000,count=64,len=131072,short=8"; do
  tag=$(echo $m | cut -d: -f2)
  AIJA_EXP_RANGES=1 timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    --section WarpStateStats -k regex:'suraa_(short|medium|long)' --launch-skip 3 --launch-count 4 --csv --page details \
    $B --formats suraa --reps 3 --warmup 1 $m > /tmp/r/ncu-$tag-x1.csv 2>/tmp/r/ncu-$tag-x1.err
  echo "ncu $tag: exit $? at ${SECONDS}s"
done
save
