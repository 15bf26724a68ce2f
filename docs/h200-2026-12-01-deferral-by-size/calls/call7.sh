#!/usr/bin/env bash
# Call 7 (stop 70): the review's mend (the hand-over without an event waits for the copy itself; the
# suraa comment): the GPU tests of the deferral, the faults, suraa and the adaptive matrix.
# Carry: .runtime/s70 (bin7.tar.xz, this script; gl.tar.xz and all/ moved out).
set -uo pipefail
rm -rf /tmp/r /tmp/p7 && mkdir -p /tmp/r && tar xJf .runtime/s70/bin7.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in /tmp/p7/test_*; do
  timeout 300 $t > /tmp/r/$(basename $t).txt 2>&1; echo "$(basename $t) exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/$(basename $t).txt | tr '\n' ' ')"
done
tar czf $OUT/r.tgz -C /tmp r
