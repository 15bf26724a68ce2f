#!/usr/bin/env bash
# Call 1 (stop 48): a small layout's refill on the host (argcsr, dia, brcsd1, brcsd2), on the H200.
# Carry: .runtime/g1 (gpu-libs.tar.xz: ../shared/tools/pack-runtime of build-gpu's binaries;
# gpu-tree.tar.xz: build-gpu without objects) and .runtime/small (the real matrices of at most
# 200k entries in their header). In the repository root:
# 1. aijadaptive-setup-timing M 30 per matrix, alternating: every refill_on_host 0 (the fill or
#    refill kernel, as before), the default (32768 slots), and 262144 (to see where the host stops
#    paying);
# 2. the GPU tests of build-gpu (ctest -L gpu), and memcheck over the new tests.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g1/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g1/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=build-gpu/examples/aijadaptive-setup-timing
off="argcsr.refill_on_host=0 dia.refill_on_host=0 brcsd1.refill_on_host=0 brcsd2.refill_on_host=0"
big="argcsr.refill_on_host=262144 dia.refill_on_host=262144 brcsd1.refill_on_host=262144 brcsd2.refill_on_host=262144"
for f in .runtime/small/*.mtx.gz; do
  n=$(basename $f .mtx.gz)
  timeout 30 $S $f 30 $off > /tmp/r/off-$n.txt 2>&1
  timeout 30 $S $f 30 > /tmp/r/default-$n.txt 2>&1
  timeout 30 $S $f 30 $big > /tmp/r/big-$n.txt 2>&1
done
echo "setup-timing done $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 330 ctest --test-dir build-gpu -L gpu -j 4 --timeout 240 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
tail -15 /tmp/r/ctest-gpu.txt
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_argcsr_gpu --gtest_filter='*Refill*' > /tmp/r/memcheck-argcsr.txt 2>&1; echo "memcheck argcsr rc $? $(grep 'ERROR SUMMARY' /tmp/r/memcheck-argcsr.txt | tail -1)"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_brcsd1_gpu --gtest_filter='*RefilledOnTheHost*' > /tmp/r/memcheck-brcsd1.txt 2>&1; echo "memcheck brcsd1 rc $? $(grep 'ERROR SUMMARY' /tmp/r/memcheck-brcsd1.txt | tail -1)"
tar czf $OUT/r.tgz -C /tmp r
