#!/usr/bin/env bash
# Call 4 (stop 47): the prefetch threshold again, now that a new matrix's arrays come from the kept
# ones: the suite with --setup-reps 5 and --prefetch-min-nnz 131072 (the default), 65536, 32768
# and 16384, alternating, three rounds, with the "first" build of call 2; and stencil7 n=24 again
# (kept and first alternating, five times), whose analysis call 2 found slower in "first".
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/v2/bins.tar.xz -C /tmp
M=.runtime/matrices
for round in 1 2 3; do
  for p in 131072 65536 32768 16384; do
    timeout 100 /tmp/bb/bench-first --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --prefetch-min-nnz $p --csv /tmp/r/reps-p$p-$round.csv $M/*.mtx.gz > /tmp/r/reps-p$p-$round.txt 2>&1; echo "reps $p $round $? $SECONDS"
  done
done
for round in 1 2 3 4 5; do
  for v in kept first; do timeout 60 /tmp/bb/setup-$v gen:stencil7:n=24 30 > /tmp/r/steps-$v-$round-s7.txt 2>&1; done
done
echo "steps $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
