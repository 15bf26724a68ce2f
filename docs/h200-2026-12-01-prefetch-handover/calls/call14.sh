#!/usr/bin/env bash
# Call 14 (stop 68): the GPU tests of the review's mend (the set-up thread's spinning wait in
# setup_thread, the spin pause shared with thread_team, allocate_csr_arrays), 10 binaries of build-gpu.
# Carry: .runtime/s68m (tests14.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/t && mkdir -p /tmp/t && tar xJf .runtime/s68m/tests14.tar.xz -C /tmp/t
for t in /tmp/t/test_*; do
  n=$(basename $t); timeout 300 $t > /tmp/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED)  \]' /tmp/$n.txt | tr '\n' ' ')"
done
