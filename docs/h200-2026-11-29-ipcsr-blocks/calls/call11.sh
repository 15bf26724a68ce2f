#!/usr/bin/env bash
# Call 11 (stop 53): 746748f (.runtime/g27: the windows found in one pass): test_suraa_gpu and
# test_adaptive_matrix_gpu, then suraa's set-up (aijadaptive-setup-timing, median of 20 fresh
# analyse + upload) with the short rows sorted as one and within windows of 1024, in turn, two
# rounds. Carry: .runtime/g27.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g27/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g27/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
timeout 90 ctest --test-dir build-gpu -R "test_suraa_gpu|test_adaptive_matrix_gpu" -j 2 --timeout 80 --output-on-failure > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest.txt | head
for round in 1 2; do
  for w in 0 1024; do
    for m in gen:circuit:n=4000000,long=16,len=200000 gen:circuit:n=1000000,long=16,len=50000; do
      echo "== $m w=$w round $round" >> /tmp/r/setup.txt
      timeout 40 build-gpu/examples/aijadaptive-setup-timing $m 20 format=suraa suraa.sort_window=$w >> /tmp/r/setup.txt 2>&1
    done
  done
done
echo "setup $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
