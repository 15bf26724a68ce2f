set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
show() { grep -E "^  [a-z]" $1 | awk '{printf "   %-22s %8s us %s\n", $1, $5, $NF}'; }
export AIJA_PROTO_WINDOW=4096
for k in 1 2; do
for u in 4 8 16; do
  for m in gen:fem:n=120 gen:fem:n=60,dof=3; do
  f=$OUT/r/u$u-$(echo $m | tr ':=,' '___')-$k.txt
  timeout 100 .runtime/s36/bench-u$u --renumber rcm --reorder none --reps 50 --formats inode,suraa,cusparse-alg1 $m > $f 2>&1
  echo "== u$u $m ($k): $?"; show $f
  done
done; done
N="ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --section LaunchStats --section SchedulerStats"
timeout 200 $N --kernel-name regex:inode_kernel --launch-skip 15 --launch-count 1 .runtime/s36/bench-u4 --graphs 0 --renumber rcm --reorder none --reps 20 --formats inode gen:fem:n=120 > $OUT/r/ncu-inode.txt 2>&1; echo "ncu inode $?"
timeout 200 $N --kernel-name regex:suraa --launch-skip 15 --launch-count 1 .runtime/s36/bench-u4 --graphs 0 --renumber rcm --reorder none --reps 20 --formats suraa gen:fem:n=120 > $OUT/r/ncu-suraa.txt 2>&1; echo "ncu suraa $?"
grep -E "inode_kernel|suraa|Memory Throughput|DRAM Throughput|Duration|L1/TEX Hit|L2 Hit|Achieved Occupancy|Registers Per|Mem Busy|Max Bandwidth|Issued Ipc|No Eligible" $OUT/r/ncu-*.txt | head -60
tar czf $OUT/call3.tar.gz -C $OUT r && rm -rf $OUT/r
