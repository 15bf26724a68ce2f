set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
show() { grep -E "^  [a-z]" $1 | awk '{printf "   %-22s %8s us %s\n", $1, $5, $NF}'; }
export AIJA_PROTO_WINDOW=4096
M=gen:fem:n=120
for k in 1 2; do
for b in u4 lb; do
  f=$OUT/r/$b-$k.txt
  timeout 100 .runtime/s36/bench-$b --renumber rcm --reorder none --reps 50 --formats inode,suraa,cusparse-alg1 $M > $f 2>&1
  echo "== $b ($k): $?"; show $f
done; done
for w in 256 1024 16384 65536; do
  f=$OUT/r/win-$w.txt
  timeout 100 .runtime/s36/bench-u4 --renumber rcm --reorder none --reps 50 --formats inode,cusparse-alg1 --param inode.window_rows=$w $M > $f 2>&1
  echo "== inode window_rows=$w: $?"; show $f; grep -o "inode: [^;]*bytes per nonzero[^;]*" $f | head -2
done
N="ncu --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats"
timeout 200 $N --kernel-name regex:"inode_kernel|suraa_short" --launch-skip 15 --launch-count 2 .runtime/s36/bench-lb --graphs 0 --renumber rcm --reorder none --reps 20 --formats inode,suraa $M > $OUT/r/ncu-lb.txt 2>&1; echo "ncu $?"
grep -E "inode_kernel|suraa_short_kernel<|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Warp Cycles Per Issued" $OUT/r/ncu-lb.txt | head -30
tar czf $OUT/call4.tar.gz -C $OUT r && rm -rf $OUT/r
