#!/usr/bin/env bash
# Call 5 (stop 60), issue 12: why argcsr's kernel of wide steps (call 4) was slower on the real
# circuit matrices with rows of 1310-1463 entries. Builds of aijadaptive-bench, argcsr only (with
# cuSPARSE ALG1/ALG2): old (849b6ab), w16 (call 4's: chunks of more than 8 slots 16 a step, of 5-8
# slots 8 a step), w16only (no 8 path), w8 (up to 8 a step), w4bounds256 (the wide kernel's
# launch bounds with 4 a step: old's steps). 3 rounds, in turn, on circuit.txt.
# Carry: .runtime/s60c (s60bin5.tar.xz, gpu-libs.tar.xz, all/, circuit.txt, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin5.tar.xz -C /tmp && chmod +x /tmp/s60bin5/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for k in 1 2 3; do
  for b in old w16 w16only w8 w4bounds256; do
    timeout 60 /tmp/s60bin5/bench-$b --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 100 --pattern-values random \
      --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$b-$k.csv --suite .runtime/s60c/circuit.txt \
      > /tmp/r/bench-$b-$k.txt 2>&1
    echo "$b ($k): exit $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
