#!/usr/bin/env bash
# Call 2 (stop 69): 1bbbd25's GPU tests (every GPU binary of build-gpu, stripped); then the suite's
# set-up, six rounds alternating: v2 (the cut from the search only, call 1's), v5 (1bbbd25), and v5
# with cuSPARSE's set-ups timed before auto's (--formats cusparse-alg1,cusparse-alg2,auto: does the
# order bias the ratio?); then setup-timing of 6 matrices, v2 and v5.
# Carry: .runtime/s69 (bin.tar.xz, bin5.tar.xz, tests.tar.xz, this script), .runtime/s67/gpu-libs.tar.xz,
# .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b /tmp/t && mkdir -p /tmp/r /tmp/b /tmp/t $OUT/logs
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s69/tests.tar.xz -C /tmp/t
for t in /tmp/t/test_*; do
  n=$(basename $t); timeout 300 $t > $OUT/logs/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED)  \]' $OUT/logs/$n.txt | tr '\n' ' ')"
done
echo "tests at ${SECONDS}s"
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin.tar.xz -C /tmp/b && tar xJf .runtime/s69/bin5.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 2 5 6; do
    case $v in 2) B=/tmp/b/bench2; F=auto,cusparse-alg1,cusparse-alg2;; 5) B=/tmp/b/bench5; F=auto,cusparse-alg1,cusparse-alg2;;
               6) B=/tmp/b/bench5; F=cusparse-alg1,cusparse-alg2,auto;; esac
    timeout 200 $B --formats $F --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in epb1 dw8192 olm1000 s3rmq4m1 crystk01 memplus; do
  for v in 2 5; do timeout 60 /tmp/b/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
