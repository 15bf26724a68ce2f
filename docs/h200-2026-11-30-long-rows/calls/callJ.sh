#!/usr/bin/env bash
# Call J (stop 65), issue 13: the steady set-up of e346f6c (both selector rules): auto and cuSPARSE
# ALG1/ALG2 over the 72 real matrices (random pattern values), --setup-reps 5, two rounds.
# Carry: .runtime/s65 (binF.tar.xz, gpu-libs.tar.xz, all72.txt, this script), .runtime/s64/all;
# docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binF.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for k in 1 2; do
  timeout 200 /tmp/b65/s-bench-final --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
    --pattern-values random --matrix-dir .runtime/s64/all --suite .runtime/s65/all72.txt \
    --csv /tmp/r/setup-new-$k.csv > /tmp/r/setup-new-$k.txt 2>&1
  echo "set-up ($k): exit $? at ${SECONDS}s"
  tar czf $OUT/r.tgz -C /tmp r
done
