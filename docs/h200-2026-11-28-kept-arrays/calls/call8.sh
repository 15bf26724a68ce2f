#!/usr/bin/env bash
# Call 8 (stop 47): the CSR arrays' copy during the analysis on one kept set-up thread ("worker", not
# committed when run) against a thread made for each copy ("first", 628cb8f), alternating, two rounds:
# the suite with --setup-reps 5 (first at the default threshold; worker at 131072, 65536 and 32768
# entries), aijadaptive-setup-timing (median of 30) on 10 matrices from 126k entries; the GPU tests
# of the prefetch's users, built from "worker".
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/v2/bins.tar.xz -C /tmp && rm -rf /tmp/tb && tar xJf .runtime/v8/bins.tar.xz -C /tmp
M=.runtime/matrices
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 200 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
sel="memplus cage10 wing raefsky1 bcsstk17 cage11 bcsstk29 copter2 brack2 Andrews"
for round in 1 2; do
  for v in first worker; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
  timeout 100 /tmp/bb/bench-first --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-first-131072-$round.csv $M/*.mtx.gz > /tmp/r/reps-first-131072-$round.txt 2>&1; echo "reps first $round $? $SECONDS"
  for p in 131072 65536 32768; do
    timeout 100 /tmp/bb/bench-worker --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --prefetch-min-nnz $p --csv /tmp/r/reps-worker-$p-$round.csv $M/*.mtx.gz > /tmp/r/reps-worker-$p-$round.txt 2>&1; echo "reps worker $p $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
