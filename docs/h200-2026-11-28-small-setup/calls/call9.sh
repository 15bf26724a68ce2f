#!/usr/bin/env bash
# Call 9 (stop 46): the generated diagonal kernel's source kept per layout ("memo", not committed when run)
# against 061beb7 ("new"), alternating, three rounds: aijadaptive-setup-timing (median of 50) on the four
# diagonal matrices of the suite and three generated stencils; the diagonal formats' tests of the memo build.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v53
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp && tar xJf $V/tests.tar.xz -C /tmp
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 300 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
sel="$V/m/rdb200.mtx.gz $V/m/cryg2500.mtx.gz $V/m/dwt_992.mtx.gz $V/m/dw8192.mtx.gz gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=64"
for round in 1 2 3; do
  for v in new memo; do
    k=0; for f in $sel; do k=$((k+1)); timeout 60 /tmp/bb/setup-$v $f 50 > /tmp/r/steps-$v-$round-m$k.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
