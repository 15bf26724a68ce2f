#!/usr/bin/env bash
# Call 10 (stop 53): the final suraa (.runtime/g26: one long segment by the kernel that takes it
# as a parameter, several in one host grid, the device's launches from 8 segments as before):
# every GPU test of build-gpu, then suraa and tune against .runtime/g21 on the five
# matrices with long rows of call 9, one round. Carry: .runtime/g26, .runtime/g21/gpu-tree.tar.xz.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g26/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g26/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
timeout 150 ctest --test-dir build-gpu -L gpu -j 4 --timeout 140 --output-on-failure > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest.txt | head
gens="gen:circuit:n=1000000,long=16,len=50000 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:longrows:n=200000,count=8,len=65536"
for v in old new; do
  root=.; [ $v = old ] && root=/tmp/old
  timeout 100 $root/build-gpu/examples/aijadaptive-bench --formats suraa,tune --reps 50 --csv /tmp/r/b-$v.csv $gens \
    > /tmp/r/b-$v.txt 2>&1; echo "$v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
