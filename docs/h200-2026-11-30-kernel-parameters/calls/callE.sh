#!/usr/bin/env bash
# Call E (stop 63), issue 13: set-up of the small real matrices, before and after b5fa8c2 (argcsr's host
# build: the bisection's bounds and 32-bit divisions). bench-old = 5332af0, bench-new = b5fa8c2: auto and
# cuSPARSE ALG1/ALG2 over the 72 real matrices (random pattern values), --setup-reps 5, two interleaved
# rounds; then b5fa8c2's aijadaptive-setup-timing, step by step, on twelve small ones. Issue 17: the
# circuit n=4M with host vectors, streamed and not, three more rounds (call B's second round read 0.86).
# Carry: .runtime/s63c (bin3.tar.xz, this script), .runtime/s60c/all, .runtime/s60c/all72.txt,
# .runtime/s60c/gpu-libs.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/s63bin && tar xJf .runtime/s63c/bin3.tar.xz -C /tmp && chmod +x /tmp/s63bin/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
for k in 1 2; do
  for b in old new; do
    timeout 150 /tmp/s63bin/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
      --pattern-values random --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt \
      --csv /tmp/r/setup-$b-$k.csv > /tmp/r/setup-$b-$k.txt 2>&1
    echo "set-up $b ($k): exit $? at ${SECONDS}s"
  done
  save
done
for m in Pd bayer10 crack add32 gemat12 zenios sherman5 bcspwr10 epb1 dw8192 memplus mult_dcop_01; do
  timeout 30 /tmp/s63bin/setup-timing .runtime/s60c/all/$m.mtx.gz 30 > /tmp/r/steps-$m.txt 2>&1
  echo "setup-timing $m: exit $?"
done
save
C=gen:circuit:n=4000000,long=16,len=200000
for k in 1 2 3; do
  for s in 4 -1; do
    timeout 60 /tmp/s63bin/bench-new --vectors host --stream-min-mib $s --reps 20 --warmup 3 --formats auto \
      --csv /tmp/r/circuit-$s-$k.csv $C > /tmp/r/circuit-$s-$k.txt 2>&1
    echo "circuit stream-min-mib $s ($k): exit $? at ${SECONDS}s"; grep "^  auto" /tmp/r/circuit-$s-$k.txt
  done
done
save
