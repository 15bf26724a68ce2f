#!/usr/bin/env bash
# Call 6 (stop 48): the diagonal search skipping rows that repeat the row above ("new", search.cpp
# as committed after 3c27e74) against 3c27e74 ("old"), alternating, two rounds: the suite's set-up
# with --setup-reps 5 (auto and cuSPARSE ALG1/ALG2), and aijadaptive-setup-timing (median of 30) on
# the diagonal matrices and the two whose search reads far (epb1, s3rmq4m1).
# Carry: .runtime/g6 (gpu-libs.tar.xz; bins.tar.xz: bb/bench-{old,new}, bb/setup-{old,new}) and
# .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/bb && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g6/gpu-libs.tar.xz -C /tmp/gl && tar xJf .runtime/g6/bins.tar.xz -C /tmp
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/matrices
sel="dw8192 dwt_992 cryg2500 rdb200 epb1 s3rmq4m1"
for round in 1 2; do
  for v in old new; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done
    timeout 120 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-$round.csv $M/*.mtx.gz > /tmp/r/reps-$v-$round.txt 2>&1; echo "reps $v $round $? $SECONDS"
  done
done
grep -l -E "WRONG|ERROR" /tmp/r/*.txt | head
tar czf $OUT/r.tgz -C /tmp r
