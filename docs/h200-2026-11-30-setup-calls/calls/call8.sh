#!/usr/bin/env bash
# Call 8 (stop 66): longrows n=200k (suraa), the one generated matrix whose set-up ratio was higher with
# c547c7e in both rounds of call 7: six rounds alternating, bin0 (96a8229) and bin4 (c547c7e), and
# setup-timing of it with both.
# Carry: .runtime/s66f; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
S=.runtime/s66f
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp && tar xJf $S/bin4.tar.xz -C /tmp
mv /tmp/bench /tmp/b66/bench0; mv /tmp/setup /tmp/b66/setup0
B=/tmp/b66; G=gen:longrows:n=200000,count=8,len=65536
for round in 1 2 3 4 5 6; do
  for v in 0 4; do
    timeout 100 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 5 --setup-reps 5 $G \
      --csv /tmp/r/lr-v$v-$round.csv > /tmp/r/lr-v$v-$round.txt 2>&1
  done
done
echo "bench at ${SECONDS}s"
for v in 0 4 0 4; do timeout 100 $B/setup$v $G 20 >> /tmp/r/steps-v$v.txt 2>&1; done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
