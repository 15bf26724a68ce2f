#!/usr/bin/env bash
# Call D (stop 65), issue 10: suraa's long group on at most P blocks per multiprocessor, each
# looping over the chunks (AIJA_EXP_PERSIST=P, experiment build; 0 = main's grid of every chunk),
# same binary. test_suraa_gpu with P=2; the benchmark, two rounds, P = 0, 1, 2, 4 in turn.
# Carry: .runtime/s65 (binD.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binD.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
AIJA_EXP_PERSIST=2 timeout 200 /tmp/b65/s-test_suraa_gpu-p > /tmp/r/test-persist2.txt 2>&1; echo "test persist2: exit $?"; tail -3 /tmp/r/test-persist2.txt
save
B=/tmp/b65/s-bench-persist
M="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=8,len=100000 gen:longrows:n=1000000,count=32,len=65536,short=8 gen:circuit:n=2000000,long=64,len=20000"
for round in 1 2; do
  for p in 0 1 2 4; do
    AIJA_EXP_PERSIST=$p timeout 250 $B --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/r$round-p$p.csv $M > /tmp/r/r$round-p$p.txt 2>&1
    echo "round $round persist $p: exit $? at ${SECONDS}s"
  done
  save
done
for p in 1 2; do
  AIJA_EXP_PERSIST=$p timeout 250 $B --formats suraa,cusparse-alg1 --param suraa.block_entries=4096 --reps 50 --csv /tmp/r/b4096-p$p.csv $M > /tmp/r/b4096-p$p.txt 2>&1
  echo "block_entries 4096 persist $p: exit $? at ${SECONDS}s"
done
save
