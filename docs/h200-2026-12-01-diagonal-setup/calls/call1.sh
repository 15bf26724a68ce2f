#!/usr/bin/env bash
# Call 1 (stop 69): the suite's set-up, four builds alternating, six rounds:
#  v1 045dc93's behaviour (stop 68's bench3), v2 the brcsd2 cut from the search's piece lists,
#  v3 v2 + a diagonal-looking matrix's search in parts of 8k entries after its first 8k,
#  v4 the same with 16k. Then setup-timing of 8 matrices with each build.
# Carry: .runtime/s69 (bin.tar.xz, this script), .runtime/s68/bin3.tar.xz, .runtime/s67/gpu-libs.tar.xz,
# .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b /tmp/o && mkdir -p /tmp/r /tmp/b /tmp/o
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin.tar.xz -C /tmp/b && tar xJf .runtime/s68/bin3.tar.xz -C /tmp/o
mv /tmp/o/bench3 /tmp/b/bench1 && mv /tmp/o/setup3 /tmp/b/setup1
for round in 1 2 3 4 5 6; do
  for v in 1 2 3 4; do
    timeout 200 /tmp/b/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in epb1 dw8192 olm1000 sherman3 dwt_992 s3rmq4m1 crystk01 memplus; do
  for v in 1 2 3 4; do timeout 60 /tmp/b/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
