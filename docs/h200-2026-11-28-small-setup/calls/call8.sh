#!/usr/bin/env bash
# Calls 8 and 11 (stop 46): the CI's own build (a fresh clone's `CI=true bash .ci/run`: Debian's PETSc
# 3.18 + CUDA, host vectors) of 7aebde2 (call 8) and of a31afef (call 11), packed with
# `config/gpu/pack.sh /tmp/ci-clone/build ci`: every GPU test, the PETSc ones included.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone
mkdir -p /tmp/r
timeout 560 ctest --test-dir /tmp/ci-clone/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1; echo "ctest rc $?"
tail -25 /tmp/r/ctest-ci-gpu.txt
tar czf $OUT/r.tgz -C /tmp r
