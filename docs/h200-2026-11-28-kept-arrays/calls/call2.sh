#!/usr/bin/env bash
# Call 2 (stop 47): the diagonal search's first 64k entries on the caller's thread, the rest in parts
# of 64k on threads ("first", not committed when run) against 800e62a ("kept"), alternating, three
# rounds: aijadaptive-setup-timing (median of 30) on 16 matrices (the diagonal ones, stencils, and
# searches that stop early); the suite with --setup-reps 5 once each; test_diagonal_search and the
# diagonal formats' GPU tests of "first".
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v2
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp
M=.runtime/matrices
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 200 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
sel="$M/rdb200.mtx.gz $M/cryg2500.mtx.gz $M/dwt_992.mtx.gz $M/dw8192.mtx.gz $M/bcsstk16.mtx.gz $M/cage11.mtx.gz $M/crystk01.mtx.gz $M/s3rmq4m1.mtx.gz $M/raefsky1.mtx.gz $M/epb1.mtx.gz $M/wing.mtx.gz $M/delaunay_n16.mtx.gz gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil7:n=64"
for round in 1 2 3; do
  for v in kept first; do
    k=0; for f in $sel; do k=$((k+1)); timeout 60 /tmp/bb/setup-$v $f 30 > /tmp/r/steps-$v-$round-m$k.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
done
for v in kept first; do
  timeout 200 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-1.csv $M/*.mtx.gz > /tmp/r/reps-$v-1.txt 2>&1; echo "reps $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
