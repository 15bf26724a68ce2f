#!/usr/bin/env bash
# Call 4 (stop 58), issue 10: suraa with a segment long by its longest row at every size ("long",
# the working tree after 7fec02c) against by its mean from 1M nonzeros ("new", 7fec02c), on
# calls/long-rows.txt, in turn, two rounds; cuSPARSE and segspmv in each process. Then
# test_suraa_gpu of the "long" build.
# Carry: .runtime/s58 (bench-new.xz, bench-long.xz, test_suraa_gpu.xz and gpu-libs.tar.xz).
set -uo pipefail
calls=$(cd "$(dirname "$0")" && pwd)  # not "here": the packed env.sh sets it
rm -rf /tmp/r && mkdir -p /tmp/r
for b in new long; do xz -dc .runtime/s58/bench-$b.xz > /tmp/bench-$b && chmod +x /tmp/bench-$b; done
xz -dc .runtime/s58/test_suraa_gpu.xz > /tmp/test_suraa_gpu && chmod +x /tmp/test_suraa_gpu
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for b in new long; do
    timeout 100 /tmp/bench-$b --formats suraa,segspmv,cusparse-alg1,cusparse-alg2 --reps 50 \
      --csv /tmp/r/long-$b-$round.csv --suite "$calls/long-rows.txt" > /tmp/r/long-$b-$round.txt 2>&1
    echo "$b round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
timeout 200 /tmp/test_suraa_gpu > /tmp/r/test_suraa_gpu.txt 2>&1; echo "test_suraa_gpu $? $SECONDS"
tail -3 /tmp/r/test_suraa_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
