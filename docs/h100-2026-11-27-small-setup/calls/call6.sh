#!/usr/bin/env bash
# Call 6: the final code (8d4af2b) through Debian's PETSc 3.18 + CUDA (the CI's own build, host vectors):
# every GPU test of that build, the PETSc ones included, and the view of a small matrix.
set -uo pipefail
source config/gpu/run.sh ci /tmp/ci-clone
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/ci-clone/build
( cd $B && timeout 400 ctest -L gpu -j 4 --timeout 200 ) > $OUT/ctest-ci-gpu.txt 2>&1
grep -E "tests passed|tests failed|\*\*\*|Failed" $OUT/ctest-ci-gpu.txt | head -20
echo "== view"; timeout 60 $B/tests/plain_solver -dll_append $B/plugin/libpetscaijadaptive.so -mat_type aijadaptive -mat_view ::ascii_info 2>&1 | grep -E "iterations|aijadaptive:" | head -8
