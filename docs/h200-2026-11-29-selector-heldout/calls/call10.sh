#!/usr/bin/env bash
# Call 10 (stop 58): the CI's own build of 984b992 (a fresh clone's `CI=true bash .ci/run`, stage 1):
# every GPU test of it, the PETSc ones on 1, 2 and 4 ranks included; then heldout2.txt with
# 984b992's build-gpu benchmark, two rounds (calls 2 and 5 ran the builds before it).
# Packed with `TREE_EXCLUDE="<the host-only test binaries> <the examples the GPU tests do not run>"
# config/gpu/pack.sh /tmp/ci-clone/build ci`, as stop 57's call 12.
# Carry: .runtime/ci-libs.tar.xz, .runtime/ci-tree.tar.xz and .runtime/s58 (bench-984b992.xz,
# gpu-libs.tar.xz, heldout2.txt), with docs/ moved out of the checkout for the call (and back after).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
repo=$(pwd)
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 300 ctest --test-dir /tmp/ci-clone/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1
echo "ctest rc $? $SECONDS"
tail -8 /tmp/r/ctest-ci-gpu.txt
cp /tmp/ci-clone/build/Testing/Temporary/LastTest.log /tmp/r/ 2>/dev/null
tar czf $OUT/r.tgz -C /tmp r
xz -dc .runtime/s58/bench-984b992.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for round in 1 2; do
  timeout 90 /tmp/bench --formats $F --reps 30 --csv /tmp/r/heldout2-984b992-$round.csv \
    --suite .runtime/s58/heldout2.txt > /tmp/r/heldout2-984b992-$round.txt 2>&1
  echo "heldout2 round $round: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
