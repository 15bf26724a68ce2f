#!/usr/bin/env bash
# Call 4 (stop 66): the final build c0e0fc8 (bin3) against 96a8229 (bin0): the suite's set-up,
# four rounds alternating, and setup-timing of 20 matrices with both.
# Carry: .runtime/s66f (bin0, bin3, gpu-libs, all72.txt, this script), .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s66f
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp && tar xJf $S/bin3.tar.xz -C /tmp
mv /tmp/bench /tmp/b66/bench0; mv /tmp/setup /tmp/b66/setup0
B=/tmp/b66; M=.runtime/s64/all
for round in 1 2 3 4; do
  for v in 0 3; do
    timeout 200 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
      --pattern-values random --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in Pd crack bayer10 add32 sherman5 gemat12 hammond adder_dcop_05 4elt memplus dw8192 epb1 sherman3 dwt_992 cryg2500 olm1000 rdb200 cage10 Andrews cage11; do
  for v in 0 3; do timeout 60 $B/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
