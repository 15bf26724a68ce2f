#!/usr/bin/env bash
# Call 9 (stop 50): the review's build (send_pieces' two packs through one lambda, the pinned
# packs' keep without its redundant size check): every GPU test of build-gpu, the host tests with
# GPU parts (packed arrays, CSR prefetch, adaptive matrix), memcheck on test_packed_arrays.
# Carry: .runtime/g15.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=.runtime/g15
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest gpu rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
timeout 100 ctest --test-dir build-gpu -R "test_packed_arrays|test_csr_prefetch|test_adaptive_matrix$" > /tmp/r/ctest-parts.txt 2>&1; echo "ctest parts rc $?"
grep -E "tests passed|Failed" /tmp/r/ctest-parts.txt
timeout 100 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no build-gpu/tests/test_packed_arrays > /tmp/r/memcheck-packed.txt 2>&1; echo "memcheck rc $?"
tail -2 /tmp/r/memcheck-packed.txt
tar czf $OUT/r.tgz -C /tmp r
