#!/usr/bin/env bash
# Call 6 (stop 69): how many of the prefetch's pieces the caller should send. The suite's set-up, six
# rounds alternating: v9 (62cb2ec: the caller sends 256 KiB pieces until the set-up thread is up),
# v10 (the caller sends none: the set-up thread sends them all), v11 (the caller sends at most one).
# Carry: .runtime/s69 (bin9.tar.xz, bin1011.tar.xz, this script), .runtime/s67/gpu-libs.tar.xz,
# .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin9.tar.xz -C /tmp/b && tar xJf .runtime/s69/bin1011.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 9 10 11; do
    timeout 200 /tmp/b/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
tar czf $OUT/r.tgz -C /tmp r
