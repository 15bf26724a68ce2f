#!/usr/bin/env bash
# Call 9 (stop 58), issues 10 and 13: suraa's window sort (sort_window, 1024 by default) against none
# (--param suraa.sort_window=0) under 1M nonzeros, where its host build of circuit n=50k spent about
# half its 0.6 ms in the two sorts (this machine's perf): products and set-up (--setup-reps 5)
# against cuSPARSE's, on calls/small-irregular.txt, with 34c5736's code (411ae02's benchmark and
# --param suraa.long_limit=2048 are the same for these: under 1M nonzeros its limit is 512), in turn,
# two rounds.
# Carry: .runtime/s58 (bench-long.xz, gpu-libs.tar.xz, small-irregular.txt) and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s58/bench-long.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  for w in 1024 0; do
    timeout 60 /tmp/bench --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --setup-reps 5 --pattern-values random \
      --param suraa.sort_window=$w --matrix-dir .runtime/matrices --csv /tmp/r/window-$w-$round.csv \
      --suite .runtime/s58/small-irregular.txt > /tmp/r/window-$w-$round.txt 2>&1
    echo "window $w round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
