#!/usr/bin/env bash
# Call 6 (stop 70): suraa's fill in one launch (new) against two (old = ab28ff7): setup-timing's
# refill and set-up of the 16 suraa matrices, three rounds alternating; the suite's set-up, four
# rounds alternating; the GPU tests of suraa and of the paths that run it.
# Carry: .runtime/s70 (gl.tar.xz, bin6.tar.xz, all72.txt, all/, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/gl /tmp/p6 && mkdir -p /tmp/r /tmp/gl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s70/all; L=.runtime/s70/all72.txt
tar xJf .runtime/s70/gl.tar.xz -C /tmp/gl && source /tmp/gl/gl/env.sh && tar xJf .runtime/s70/bin6.tar.xz -C /tmp
for t in /tmp/p6/test_*; do
  timeout 300 $t > /tmp/r/$(basename $t).txt 2>&1; echo "$(basename $t) exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/$(basename $t).txt | tr '\n' ' ')"
done
for round in 1 2 3; do
  for f in 4elt adder_dcop_05 ca-CondMat ca-HepPh commanche_dual hammond hangGlider_2 jagmesh7 memplus orsirr_1 rajat01 rajat19 vsp_sctap1-2b_and_seymourl watt_2 whitaker3 mdual; do
    for v in old new; do timeout 60 /tmp/p6/setup-$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-$round.txt 2>&1; done
  done
  echo "steps round $round at ${SECONDS}s"
done
for round in 1 2 3 4; do
  for v in old new; do
    timeout 200 /tmp/p6/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
tar czf $OUT/r.tgz -C /tmp r
