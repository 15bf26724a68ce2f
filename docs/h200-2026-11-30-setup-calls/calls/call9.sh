#!/usr/bin/env bash
# Call 9 (stop 66): where the final build's (c547c7e, bin4) set-up goes on the matrices still far from
# the bar: setup-timing (analysis, host build, upload), two runs of 40 each.
# Carry: .runtime/s66f, .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
S=.runtime/s66f
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin4.tar.xz -C /tmp
B=/tmp/b66; M=.runtime/s64/all
for k in 1 2; do
  for f in epb1 dw8192 sherman3 dwt_992 cryg2500 s3rmq4m1 crystk01 wing delaunay_n16 Pd crack bayer10 bcspwr10 commanche_dual 4elt memplus hangGlider_2 rajat01 LFAT5 jgl009; do
    timeout 60 $B/setup4 $M/$f.mtx.gz 40 > /tmp/r/steps-v4-$f-$k.txt 2>&1
  done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
