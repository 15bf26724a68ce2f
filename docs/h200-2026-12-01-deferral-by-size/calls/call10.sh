#!/usr/bin/env bash
# Call 10 (stop 70): a refill keeps the products' CUDA graphs. Every GPU test binary of the new build;
# then refill_loop.cpp (a refill and 10 products with device vectors, synchronised; medians of 30)
# linked against 598e25c's library (old) and the new, three rounds alternating, on 12 matrices.
# Carry: .runtime/s70 (bin10.tar.xz, all/, this script; gl.tar.xz moved out).
set -uo pipefail
rm -rf /tmp/r /tmp/p10 && mkdir -p /tmp/r && tar xJf .runtime/s70/bin10.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in /tmp/p10/test_*; do
  timeout 300 $t > /tmp/r/$(basename $t).txt 2>&1; echo "$(basename $t) exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/$(basename $t).txt | tr '\n' ' ')"
done
for round in 1 2 3; do
  for f in LFAT5 494_bus Pd sherman3 hammond dw8192 crack bcsstk13 memplus wing cage11 bcsstk17; do
    for v in old new; do timeout 60 /tmp/p10/loop-$v .runtime/s70/all/$f.mtx.gz 10 30 >> /tmp/r/loop-$v-$round.txt 2>&1; done
  done
done
cat /tmp/r/loop-old-1.txt /tmp/r/loop-new-1.txt
tar czf $OUT/r.tgz -C /tmp r
