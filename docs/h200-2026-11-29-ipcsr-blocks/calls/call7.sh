#!/usr/bin/env bash
# Call 7 (stop 53): .runtime/g23 (call 5's g22 with the long grid's block starts at the end of the
# packed block and counted in its bytes): test_suraa_gpu; then against .runtime/g21 (a host launch
# per long segment) in turn, two rounds: suraa as auto launches it, from the host (one grid) and
# from the device, and with the short rows sorted within windows of 256, 1024 and 8192; then ncu
# over the long kernels on circuit n=1M. Carry: .runtime/g23, .runtime/g21/gpu-tree.tar.xz and
# .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g23/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g23/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
timeout 120 build-gpu/tests/test_suraa_gpu --gtest_brief=1 > /tmp/r/test_suraa_gpu.txt 2>&1; echo "test rc $? $SECONDS"
grep -v "^\[       OK\|^\[ RUN" /tmp/r/test_suraa_gpu.txt | tail -5
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=100 gen:qcd:L=12"
run() {  # name, build root, params...
  local name=$1 root=$2; shift 2
  local f=suraa; [ $name = old ] && f=suraa,cusparse-alg1,cusparse-alg2
  timeout 200 $root/build-gpu/examples/aijadaptive-bench --formats $f "$@" --pattern-values random --reps 50 \
    --csv /tmp/r/b-$name-$round.csv $gens .runtime/mid2/*.mtx.gz > /tmp/r/b-$name-$round.txt 2>&1
  echo "$name round $round: $? $SECONDS"
}
for round in 1 2; do
  run old /tmp/old
  run new .
  run host . --param suraa.long_launch=host
  run device . --param suraa.long_launch=device
  run w256 . --param suraa.sort_window=256
  run w1024 . --param suraa.sort_window=1024
  run w8192 . --param suraa.sort_window=8192
  tar czf $OUT/r.tgz -C /tmp r
done
m=gen:circuit:n=1000000,long=16,len=50000
for v in old host; do
  root=.; [ $v = old ] && root=/tmp/old
  timeout 100 ncu --section SpeedOfLight --section Occupancy -k "regex:suraa_long" --launch-count 3 --csv --page details \
    $root/build-gpu/examples/aijadaptive-bench --formats suraa --param suraa.long_launch=host --reps 2 --warmup 1 \
    --graphs 0 $m > /tmp/r/ncu-$v.csv 2>&1; echo "ncu $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
