#!/usr/bin/env bash
# Call 7 (stop 58), issue 10: suraa's long_limit (the longest row from which a segment runs blocks
# per row; 4096 by default from 1M nonzeros) at 4096, 2048, 1024 and 512, with 411ae02's benchmark,
# on calls/long-rows.txt, each setting its own process, in turn, two rounds; cuSPARSE in each.
# Carry: .runtime/s58 (bench-long.xz = 411ae02's benchmark, gpu-libs.tar.xz, long-rows.txt).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s58/bench-long.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for lim in 4096 2048 1024 512; do
    timeout 60 /tmp/bench --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --param suraa.long_limit=$lim \
      --csv /tmp/r/long-L$lim-$round.csv --suite .runtime/s58/long-rows.txt > /tmp/r/long-L$lim-$round.txt 2>&1
    echo "L $lim round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
