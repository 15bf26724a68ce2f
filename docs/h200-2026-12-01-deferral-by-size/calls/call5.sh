#!/usr/bin/env bash
# Call 5 (stop 70): WithoutThePrefetchTheThreadCopiesBackWhatCsrSent (both sizes) on the old code and
# the new, five times each, then the whole deferral test binary of the new code.
# Carry: .runtime/s70 (bin5.tar.xz, this script).
set -uo pipefail
rm -rf /tmp/r /tmp/p5 && mkdir -p /tmp/r && tar xJf .runtime/s70/bin5.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in old new; do
  for k in 1 2 3 4 5; do
    timeout 120 /tmp/p5/test_deferred_$v --gtest_filter='*WithoutThePrefetch*' > /tmp/r/race-$v-$k.txt 2>&1
    echo "race test, $v code, run $k: exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/race-$v-$k.txt | head -1)"
  done
done
timeout 300 /tmp/p5/test_deferred_new > /tmp/r/test_deferred_new.txt 2>&1; echo "all: exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/test_deferred_new.txt | tr '\n' ' ')"
tar czf $OUT/r.tgz -C /tmp r
