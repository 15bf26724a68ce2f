#!/usr/bin/env bash
# Call 14: the CI's own build of e777dcc (Debian PETSc 3.18 + CUDA): every GPU test, PETSc's on 1, 2 and 4 ranks included.
set -uo pipefail
source config/gpu/run.sh ci /tmp/ci-clone
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
( cd /tmp/ci-clone/build && timeout 560 ctest -L gpu -j 6 --timeout 300 --output-on-failure ) > $OUT/r/ctest-ci-gpu.txt 2>&1
echo "ctest rc $?"; grep -E "tests passed|\(Failed\)|\(Timeout\)|\*\*\*" $OUT/r/ctest-ci-gpu.txt | head -20
grep -E "suraa|argcsr" $OUT/r/ctest-ci-gpu.txt | grep -E "Passed|Failed" | head -30
