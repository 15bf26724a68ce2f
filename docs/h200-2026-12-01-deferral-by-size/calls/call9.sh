#!/usr/bin/env bash
# Call 9 (stop 70): the CI's own build of the final HEAD (a fresh clone's `CI=true bash .ci/run` in
# /tmp/ci-clone2, stage 1): every GPU test of it, the PETSc ones on 1, 2 and 4 ranks included.
# Packed with TREE_EXCLUDE="<the executables no GPU test runs>" config/gpu/pack.sh /tmp/ci-clone2/build ci.
# Carry: .runtime/ci-libs.tar.xz, .runtime/ci-tree.tar.xz and this script (.runtime/s70ci), docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone2
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 400 ctest --test-dir /tmp/ci-clone2/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1
echo "ctest rc $? $SECONDS"
tail -8 /tmp/r/ctest-ci-gpu.txt
cp /tmp/ci-clone2/build/Testing/Temporary/LastTest.log /tmp/r/ 2>/dev/null
tar czf $OUT/r.tgz -C /tmp r
