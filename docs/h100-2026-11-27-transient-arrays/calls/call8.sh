#!/usr/bin/env bash
# Call 8: the final code through Debian's PETSc 3.18 + CUDA (the CI's own build of a fresh clone, host vectors):
# every GPU test of that build, the PETSc ones included; memcheck over test_csr_gpu and test_csr_prefetch.
set -uo pipefail
source config/gpu/run.sh ci /tmp/ci-clone
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/ci-clone/build
( cd $B && timeout 400 ctest -L gpu -j 4 --timeout 200 ) > $OUT/ctest-ci-gpu.txt 2>&1
grep -E "tests passed|tests failed|\*\*\*|Failed" $OUT/ctest-ci-gpu.txt | head -20
for t in test_csr_gpu test_csr_prefetch; do
  timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $B/tests/$t > /tmp/mc-$t.txt 2>&1
  echo "memcheck $t rc $?: $(grep -E 'ERROR SUMMARY' /tmp/mc-$t.txt | tail -1) $(grep -E 'LEAK SUMMARY' /tmp/mc-$t.txt | tail -1)"
done | tee $OUT/memcheck.txt
