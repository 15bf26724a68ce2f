#!/usr/bin/env bash
# Call 6 (stop 46): argcsr's layout built with the one-pass case for groups of chunk 1 ("fast", not
# committed when run) against 061beb7 ("new"), alternating, two rounds: aijadaptive-setup-timing on 16
# argcsr matrices (median of 50), the suite with --setup-reps 5; test_argcsr_gpu of the fast build.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v51
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp && tar xJf $V/tests.tar.xz -C /tmp
M=.runtime/matrices
timeout 300 /tmp/tb/test_argcsr_gpu > /tmp/r/test_argcsr_gpu.txt 2>&1; echo "test_argcsr_gpu rc $? $(tail -1 /tmp/r/test_argcsr_gpu.txt)"
sel="G51 Pd sherman3 sherman5 add32 rajat01 bcspwr10 hammond gemat12 commanche_dual whitaker3 crack bcsstk14 4elt bayer10 epb1"
for round in 1 2; do
  for v in new fast; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 50 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
    timeout 400 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-$round.csv $M/*.mtx.gz > /tmp/r/reps-$v-$round.txt 2>&1; echo "reps $v $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
