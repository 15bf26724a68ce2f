#!/usr/bin/env bash
# Call 11 (stop 52): the CI's own build of 81dfaa3 (HEAD's code: suraa's four-run sort with its
# pass for the longest row, irregular rows from 100k to 1M nonzeros to suraa): a fresh clone's
# `CI=true bash .ci/run` here (Debian's PETSc 3.18 + CUDA), packed with
# `TREE_EXCLUDE="<the host-only test binaries>" config/gpu/pack.sh /tmp/ci-clone/build ci` (the
# names `ctest -L host -N` lists as test_*, left out to keep the carry within 64 MiB) and carried
# as .runtime/ci-libs.tar.xz and .runtime/ci-tree.tar.xz: every GPU test, the PETSc ones
# (MatMult, MatMultAdd, MatMultTranspose on 1, 2 and 4 ranks, KSP, reassembly, faults, tune)
# included.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
timeout 560 ctest --test-dir /tmp/ci-clone/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1; echo "ctest rc $?"
tail -25 /tmp/r/ctest-ci-gpu.txt
tar czf $OUT/r.tgz -C /tmp r
