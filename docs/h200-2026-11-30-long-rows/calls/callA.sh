#!/usr/bin/env bash
# Call A (stop 65), issue 10: suraa's long group, loads in flight. Variants of the long kernel's
# strided sum: U entries of a lane loaded before its adds (4 = main), values loaded a step ahead
# (v1), __launch_bounds__(256) for the host's long kernels (b; main: 1024, which caps registers at
# 64). One process per variant with the four matrices, cuSPARSE in each, two rounds, --reps 50.
# Then block_entries / long_threads on main, then ncu of main's suraa kernels.
# Carry: .runtime/s65 (binA.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binA.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
M="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=8,len=100000 gen:rmat:scale=21,ef=16"
for round in 1 2; do
  for v in u4 u8v0 u8v0b u8v1b u16v0b u16v1b; do
    timeout 200 /tmp/b65/s-bench-$v --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/r$round-$v.csv $M > /tmp/r/r$round-$v.txt 2>&1
    echo "round $round $v: exit $? at ${SECONDS}s"
  done
  save
done
for p in suraa.block_entries=4096 suraa.block_entries=16384 suraa.block_entries=32768 suraa.long_threads=512; do
  timeout 200 /tmp/b65/s-bench-u4 --formats suraa,cusparse-alg1 --param $p --reps 50 --csv /tmp/r/p-$p.csv $M > /tmp/r/p-$p.txt 2>&1
  echo "param $p: exit $? at ${SECONDS}s"
done
save
for m in "gen:circuit:n=4000000,long=16,len=200000" "gen:longrows:n=2000000,count=64,len=131072,short=8"; do
  tag=$(echo $m | cut -d: -f2)
  timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    --section WarpStateStats -k regex:'suraa_(short|medium|long)' --launch-skip 3 --launch-count 6 --csv --page details \
    /tmp/b65/s-bench-u4 --formats suraa --reps 3 --warmup 1 $m > /tmp/r/ncu-$tag-u4.csv 2>/tmp/r/ncu-$tag-u4.err
  echo "ncu $tag u4: exit $? at ${SECONDS}s"
  timeout 150 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    --section WarpStateStats -k regex:'suraa_(short|medium|long)' --launch-skip 3 --launch-count 6 --csv --page details \
    /tmp/b65/s-bench-u8v1b --formats suraa --reps 3 --warmup 1 $m > /tmp/r/ncu-$tag-u8v1b.csv 2>/tmp/r/ncu-$tag-u8v1b.err
  echo "ncu $tag u8v1b: exit $? at ${SECONDS}s"
  save
done
