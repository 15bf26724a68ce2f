#!/usr/bin/env bash
# Call 10: the second review commit (TransientBuffer as an OwnedArray over a memory policy): GPU tests, memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
( cd $B && timeout 300 ctest -L gpu -j 4 --timeout 250 --output-on-failure ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
$B/tests/test_csr_prefetch > $OUT/test_csr_prefetch.txt 2>&1; echo "test_csr_prefetch rc $?"; grep -E "^\[ +(OK|FAILED|PASSED)" $OUT/test_csr_prefetch.txt
for t in test_csr_prefetch test_csr_gpu test_argcsr_gpu test_dia_gpu; do
  timeout 400 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $B/tests/$t > /tmp/mc-$t.txt 2>&1
  echo "memcheck $t rc $?: $(grep -E 'ERROR SUMMARY' /tmp/mc-$t.txt | tail -1) $(grep -E 'LEAK SUMMARY' /tmp/mc-$t.txt | tail -1)"
done | tee $OUT/memcheck.txt
