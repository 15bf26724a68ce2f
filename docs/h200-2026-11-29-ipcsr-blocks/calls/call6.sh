#!/usr/bin/env bash
# Call 6 (stop 53): why call 5's test_suraa_gpu failed (its output), and why the long group's one
# host grid ran circuit n=1M slower than a launch per segment: ncu over the long kernels of
# .runtime/g21 (a launch per segment) and .runtime/g22 (one grid; from the host and from the
# device). Carry: .runtime/g22 and .runtime/g21/gpu-tree.tar.xz.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g22/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g22/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
timeout 120 build-gpu/tests/test_suraa_gpu --gtest_brief=1 > /tmp/r/test_suraa_gpu.txt 2>&1; echo "test rc $? $SECONDS"
grep -v "^\[       OK\|^\[ RUN" /tmp/r/test_suraa_gpu.txt | head -60
tar czf $OUT/r.tgz -C /tmp r
m=gen:circuit:n=1000000,long=16,len=50000
for v in old host device; do
  root=.; [ $v = old ] && root=/tmp/old
  launch=host; [ $v = device ] && launch=device
  timeout 100 ncu --section SpeedOfLight --section Occupancy --section LaunchStats -k "regex:suraa_(long|short)" \
    --launch-count 6 --csv --page details $root/build-gpu/examples/aijadaptive-bench --formats suraa \
    --param suraa.long_launch=$launch --reps 2 --warmup 1 --graphs 0 $m > /tmp/r/ncu-$v.csv 2>&1; echo "ncu $v $? $SECONDS"
  timeout 100 $root/build-gpu/examples/aijadaptive-bench --formats suraa --param suraa.long_launch=$launch --reps 100 \
    $m gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /tmp/r/b-$v.txt 2>&1
  echo "bench $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
