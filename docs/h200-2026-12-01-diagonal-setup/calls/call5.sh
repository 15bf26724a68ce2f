#!/usr/bin/env bash
# Call 5 (stop 69): 62cb2ec's GPU tests (every GPU binary of build-gpu, stripped); then the suite's
# set-up, eight rounds alternating: v1 (045dc93's behaviour: stop 68's bench3) and v9 (62cb2ec: the
# three diagonal changes and argcsr's layout loop); setup-timing of 12 matrices, v1 and v9.
# Carry: .runtime/s69 (bin9.tar.xz, tests9.tar.xz, this script), .runtime/s68/bin3.tar.xz,
# .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b /tmp/t /tmp/o && mkdir -p /tmp/r /tmp/b /tmp/t /tmp/o $OUT/logs
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s69/tests9.tar.xz -C /tmp/t
for t in /tmp/t/test_*; do
  n=$(basename $t); timeout 300 $t > /tmp/r/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED)  \]' /tmp/r/$n.txt | tr '\n' ' ')"
done
echo "tests at ${SECONDS}s"
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin9.tar.xz -C /tmp/b && tar xJf .runtime/s68/bin3.tar.xz -C /tmp/o
mv /tmp/o/bench3 /tmp/b/bench1 && mv /tmp/o/setup3 /tmp/b/setup1
for round in 1 2 3 4 5 6 7 8; do
  for v in 1 9; do
    timeout 200 /tmp/b/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in epb1 dw8192 sherman3 dwt_992 cryg2500 olm1000 Pd crack gemat12 sherman5 bcspwr10 bayer10; do
  for v in 1 9; do timeout 60 /tmp/b/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
