#!/usr/bin/env bash
# Call 7 (stop 66): the set-up of 15 generated matrices of 0.45M-26M entries, c547c7e (bin4) against
# 96a8229 (bin0), two rounds alternating (no regression beyond the real matrices' sizes?).
# Carry: .runtime/s66f (bin0, bin4, gpu-libs, gen12.txt, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
S=.runtime/s66f
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp && tar xJf $S/bin4.tar.xz -C /tmp
mv /tmp/bench /tmp/b66/bench0; mv /tmp/setup /tmp/b66/setup0
B=/tmp/b66
for round in 1 2; do
  for v in 0 4; do
    timeout 240 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 5 --setup-reps 5 \
      --suite $S/gen12.txt --csv /tmp/r/gen-v$v-$round.csv > /tmp/r/gen-v$v-$round.txt 2>&1
    echo "gen v$v round $round exit $? at ${SECONDS}s"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
