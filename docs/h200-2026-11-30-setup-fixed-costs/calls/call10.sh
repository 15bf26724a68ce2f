#!/usr/bin/env bash
# Call 10 (stop 67): the GPU tests of the review's mend (CsrParts, the diagonal fill's one launch).
# Carry: .runtime/s67t (tests3.tar.xz, this script); the tests need only CUDA.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s67t/tests3.tar.xz -C /tmp
for t in /tmp/b67/test_*; do n=$(basename $t); timeout 400 $t > /tmp/r/$n.txt 2>&1; echo "$n exit $? $(grep -E '^\[  (PASSED|FAILED)' /tmp/r/$n.txt | tr '\n' ' ')"; done
tar czf $OUT/r.tgz -C /tmp r
