#!/usr/bin/env bash
# Call 10 (stop 46): the diagonal search (and brcsd2's cut, the reordering's sampled pass) in row parts
# from 64k entries a part instead of 256k ("parts", not committed when run) against 649bd53 ("memo"),
# alternating, three rounds: aijadaptive-setup-timing (median of 30) on generated stencils and five real
# matrices whose search runs long.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v54
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp
sel="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil7:n=64 $V/m/dw8192.mtx.gz $V/m/crystk01.mtx.gz $V/m/bcsstk16.mtx.gz $V/m/cage11.mtx.gz $V/m/s3rmq4m1.mtx.gz"
for round in 1 2 3; do
  for v in memo parts; do
    k=0; for f in $sel; do k=$((k+1)); timeout 60 /tmp/bb/setup-$v $f 30 > /tmp/r/steps-$v-$round-m$k.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
