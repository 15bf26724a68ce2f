#!/usr/bin/env bash
# Call 10 (stop 66): the benchmark's steady set-up of four tiny matrices, each in a process of its
# own (c547c7e, bin4), three times, against their figures inside the 72-matrix suite (call 5).
# Carry: .runtime/s66f, .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
S=.runtime/s66f
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin4.tar.xz -C /tmp
B=/tmp/b66; M=.runtime/s64/all
for k in 1 2 3; do
  for f in LFAT5 jgl009 rdb200 pores_1 Pd hammond; do
    timeout 60 $B/bench4 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      $M/$f.mtx.gz --csv /tmp/r/alone-$f-$k.csv > /tmp/r/alone-$f-$k.txt 2>&1
  done
  timeout 60 $B/bench4 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
    $M/LFAT5.mtx.gz $M/jgl009.mtx.gz $M/rdb200.mtx.gz $M/pores_1.mtx.gz $M/Pd.mtx.gz $M/hammond.mtx.gz --csv /tmp/r/six-$k.csv > /tmp/r/six-$k.txt 2>&1
done
echo "done at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
