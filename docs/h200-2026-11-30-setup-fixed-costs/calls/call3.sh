#!/usr/bin/env bash
# Call 3 (stop 67): the working tree (bin1: PackedCsr, zeroed parts, the deferred diagonal fill
# check, the diagonal search's PartCounter) against 4b39522 (bin0): the suite's set-up, four rounds
# alternating, and setup-timing of 20 matrices with both.
# Carry: .runtime/s67 (bin0, bin1, gpu-libs, all72.txt, this script), .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s67
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp/b && tar xJf $S/bin1.tar.xz -C /tmp/b
B=/tmp/b; M=.runtime/s64/all
for round in 1 2 3 4; do
  for v in 0 1; do
    timeout 200 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
      --pattern-values random --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in LFAT5 jgl009 rdb200 pores_1 Pd crack bayer10 add32 sherman5 gemat12 hammond adder_dcop_05 4elt memplus dw8192 epb1 sherman3 dwt_992 crystk01 s3rmq4m1; do
  for v in 0 1; do timeout 60 $B/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
