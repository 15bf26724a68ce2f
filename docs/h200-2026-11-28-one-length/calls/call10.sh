#!/usr/bin/env bash
# Call 10 (stop 50): the CI's own build of 00f5308, the review's code (as call 8 for 091c291): a
# fresh clone's `CI=true bash .ci/run` here (Debian's PETSc 3.18 + CUDA), packed with `config/gpu/pack.sh
# /tmp/ci-clone/build ci` and carried as .runtime/ci-libs.tar.xz and .runtime/ci-tree.tar.xz: every
# GPU test, the PETSc ones (MatMult, MatMultAdd, MatMultTranspose on 1, 2 and 4 ranks, KSP,
# reassembly, faults) included. The tree was packed without the 21 host-only test binaries (tar
# --exclude of each name `ctest -L host -N` lists as test_*), to stay within the carry's 64 MiB.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
timeout 560 ctest --test-dir /tmp/ci-clone/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1; echo "ctest rc $?"
tail -25 /tmp/r/ctest-ci-gpu.txt
tar czf $OUT/r.tgz -C /tmp r
