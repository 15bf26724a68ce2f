#!/usr/bin/env bash
# Call 8 (stop 67): the suite's set-up, auto's upload timed until its stream is through (all three
# benchmarks patched alike): 4b39522 (bench0, the session's start), 0c6b610 (bench1: the search's
# PartCounter, PackedCsr, the deferred diagonal check, the prefetch from 2^15) and the working tree
# (bench2: the CSR pack of up to 512 KiB). Four rounds; then setup-timing of 20 matrices, 0 and 2.
# Carry: .runtime/s67 (bin8, gpu-libs, all72.txt, this script), .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s67; M=.runtime/s64/all
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin8.tar.xz -C /tmp/b
B=/tmp/b
for round in 1 2 3 4; do
  for v in 0 1 2; do
    timeout 200 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in LFAT5 jgl009 rdb200 pores_1 Pd cryg2500 dwt_992 sherman3 bcspwr10 add32 adder_dcop_05 hammond crack bayer10 4elt memplus dw8192 epb1 crystk01 s3rmq4m1; do
  for v in 0 2; do timeout 60 $B/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
