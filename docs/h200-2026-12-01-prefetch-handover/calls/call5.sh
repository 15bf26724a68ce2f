#!/usr/bin/env bash
# Call 5 (stop 68): the GPU tests of the changed code (the CSR arrays through a shared page-locked
# pack), 14 binaries of build-gpu, stripped; test_csr_prefetch also under compute-sanitizer.
# Carry: .runtime/s68t (tests5.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/t && mkdir -p /tmp/t $OUT/logs && tar xJf .runtime/s68t/tests5.tar.xz -C /tmp/t
for t in /tmp/t/test_*; do
  n=$(basename $t); timeout 900 $t > $OUT/logs/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED)  \]' $OUT/logs/$n.txt | tr '\n' ' ')"
done
grep -h "pieces sent by the caller" $OUT/logs/test_csr_prefetch.txt
for k in 1 2 3; do /tmp/t/test_csr_prefetch --gtest_filter='CsrPrefetch.Pieces*' 2>&1 | grep "pieces sent"; done
compute-sanitizer --tool memcheck /tmp/t/test_csr_prefetch > $OUT/logs/memcheck-csr_prefetch.txt 2>&1; echo "memcheck rc $? $(tail -1 $OUT/logs/memcheck-csr_prefetch.txt)"
