#!/usr/bin/env bash
# Call 11 (stop 43): the CI's own build of 343f793 (Debian PETSc 3.18 + CUDA, every value type):
# every GPU test, PETSc's on 1, 2 and 4 ranks included; memcheck over test_inode_gpu (double/int32).
set -uo pipefail
source config/gpu/run.sh ci /tmp/ci-clone
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/ci-clone/build
( cd $B && timeout 290 ctest -L gpu -j 6 --timeout 250 --output-on-failure ) > $OUT/r/ctest-ci-gpu.txt 2>&1
echo "ctest rc $?"; grep -E "tests passed|\(Failed\)|\(Timeout\)|\*\*\*" $OUT/r/ctest-ci-gpu.txt | head -20
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 $B/tests/test_inode_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck inode rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' /tmp/mc.txt | tr '\n' ' ')" | tee $OUT/r/memcheck.txt
tar czf $OUT/r.tgz -C $OUT r
