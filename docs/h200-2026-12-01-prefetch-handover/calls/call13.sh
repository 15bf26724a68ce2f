#!/usr/bin/env bash
# Call 13 (stop 68): the CI's own build of 4653e97 (cec69a8's code) (a fresh clone's `CI=true bash .ci/run`, stage 1):
# every GPU test of it, the PETSc ones on 1, 2 and 4 ranks included.
# Packed with `TREE_EXCLUDE="<the host-only test binaries> <the examples the GPU tests do not run>"
# config/gpu/pack.sh /tmp/ci-clone4/build ci`, by hand as the script does (/tmp/pack_ci.sh).
# Carry: .runtime/ci-libs.tar.xz, .runtime/ci-tree.tar.xz and this script (.runtime/s68ci, as call13.sh), docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone4
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 400 ctest --test-dir /tmp/ci-clone4/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1
echo "ctest rc $? $SECONDS"
tail -8 /tmp/r/ctest-ci-gpu.txt
cp /tmp/ci-clone4/build/Testing/Temporary/LastTest.log /tmp/r/ 2>/dev/null
tar czf $OUT/r.tgz -C /tmp r
