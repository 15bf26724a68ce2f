#!/usr/bin/env bash
# Call 6 (stop 52): suraa's rows sorted on the GPU at the upload (a CUB radix sort) from
# device_sort_rows rows (.runtime/g20) against the build before it (.runtime/g19, the host sorts).
# The GPU tests of suraa and of the adaptive matrix; a negative control (neg/: test_suraa_gpu built
# with a device sort over one bit too few, expected to fail its sort test); then the set-up steps
# (aijadaptive-setup-timing, median of 30) of 20 real matrices (.runtime/mid2) and circuit n=100k,
# rmat scale 14: g19's auto, g20's auto, g20 with suraa.device_sort_rows=1 (always on the GPU) and
# =1000000000 (never), in turn, two rounds; cage11 and bcsstk17 (auto: ipcsr) with format=suraa.
# Carry: .runtime/g19/gpu-tree.tar.xz, .runtime/g20 and .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g20/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g19/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g20/gpu-tree.tar.xz -C "$here"
xz -dc .runtime/g20/neg/test_suraa_gpu.xz > /tmp/neg-test_suraa_gpu && chmod +x /tmp/neg-test_suraa_gpu
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 300 ctest --test-dir build-gpu -R "suraa|adaptive_matrix" -L gpu -j 4 --timeout 250 > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*|Passed" /tmp/r/ctest.txt | head
timeout 200 /tmp/neg-test_suraa_gpu --gtest_filter='*TheGpusSortIsTheHostsStableSort*' > /tmp/r/neg.txt 2>&1; echo "negative control rc $? (non-zero expected)"
grep -E "^\[  (PASSED|FAILED) " /tmp/r/neg.txt | head -6
tar czf $OUT/r.tgz -C /tmp r
M=.runtime/mid2
gens="gen:circuit:n=100000,long=8,len=5000 gen:rmat:scale=14,ef=16"
for round in 1 2; do
  for v in old new gpu host; do
    root=.; extra=""
    [ $v = old ] && root=/tmp/old
    [ $v = gpu ] && extra="suraa.device_sort_rows=1"
    [ $v = host ] && extra="suraa.device_sort_rows=1000000000"
    for m in $M/*.mtx.gz $gens; do
      f=""; case $m in *cage11*|*bcsstk17*) f="format=suraa";; esac
      echo "== $m" >> /tmp/r/steps-$v-$round.txt
      timeout 60 $root/build-gpu/examples/aijadaptive-setup-timing $m 30 $f $extra >> /tmp/r/steps-$v-$round.txt 2>&1
    done
    echo "$v round $round: $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
