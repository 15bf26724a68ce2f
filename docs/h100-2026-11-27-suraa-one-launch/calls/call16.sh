#!/usr/bin/env bash
# Call 16: the review commit (suraa_small): every GPU test of build-gpu, test_suraa_gpu under memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
( cd build-gpu && timeout 300 ctest -L gpu -j 4 --timeout 250 ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 build-gpu/tests/test_suraa_gpu > /tmp/mc.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' /tmp/mc.txt | tr '\n' ' ')"
