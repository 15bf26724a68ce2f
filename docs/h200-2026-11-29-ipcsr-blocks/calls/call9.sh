#!/usr/bin/env bash
# Call 9 (stop 53): the long grid's segment copied into registers at the block's start
# (.runtime/g25) against a launch per segment (.runtime/g21): test_suraa_gpu; suraa on five
# matrices with long rows, from the host and from the device, in turn, two rounds; then tune
# on two of them, the long grids from the host and from the device. Carry: .runtime/g25 and
# .runtime/g21/gpu-tree.tar.xz.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g25/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g25/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
timeout 120 build-gpu/tests/test_suraa_gpu --gtest_brief=1 > /tmp/r/test_suraa_gpu.txt 2>&1; echo "test rc $? $SECONDS"
tail -2 /tmp/r/test_suraa_gpu.txt
gens="gen:circuit:n=1000000,long=16,len=50000 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:longrows:n=200000,count=8,len=65536"
for round in 1 2; do
  for v in old host device; do
    root=.; [ $v = old ] && root=/tmp/old
    launch=host; [ $v = device ] && launch=device
    timeout 100 $root/build-gpu/examples/aijadaptive-bench --formats suraa --param suraa.long_launch=$launch --reps 50 \
      --csv /tmp/r/b-$v-$round.csv $gens > /tmp/r/b-$v-$round.txt 2>&1; echo "$v $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
for launch in host device; do
  timeout 100 build-gpu/examples/aijadaptive-bench --formats tune,suraa,ipcsr --param suraa.long_launch=$launch --reps 50 \
    gen:circuit:n=1000000,long=16,len=50000 gen:longrows:n=200000,count=8,len=65536 > /tmp/r/tune-$launch.txt 2>&1
  echo "tune $launch $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
