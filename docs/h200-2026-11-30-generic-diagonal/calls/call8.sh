#!/usr/bin/env bash
# Call 8 (stop 60), issue 12: two more argcsr variants for the long rows of the small circuit
# matrices, against 1970636 (old): `ahead` (the next step's columns loaded before this step's
# gathers, as for matrices beyond L2, on every matrix) and `u8` (8 slots a step instead of 4; launch
# bounds unchanged). aijadaptive-bench --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 50
# --pattern-values random on the 72 real matrices, 3 rounds, the builds in turn.
# Carry: .runtime/s60c (s60bin8.tar.xz, gpu-libs.tar.xz, all72.txt, all/, this script); docs/ out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin8.tar.xz -C /tmp && chmod +x /tmp/s60bin8/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for k in 1 2 3; do
  for b in old ahead u8; do
    timeout 100 /tmp/s60bin8/bench-$b --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 50 --pattern-values random \
      --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$b-$k.csv --suite .runtime/s60c/all72.txt \
      > /tmp/r/bench-$b-$k.txt 2>&1
    echo "$b ($k): exit $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
