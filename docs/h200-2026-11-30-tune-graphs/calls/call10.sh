#!/usr/bin/env bash
# Call 10 (stop 59): the review's mend (the diagonal formats' readiness check in one helper;
# test_autotune_gpu's products into several outputs through products_until_tuned): the GPU tests of
# build-gpu it touches.
# Carry: .runtime/s59r (the test binaries, xz); docs/ moved out.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in test_product_graphs_gpu test_autotune_gpu test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_reordering_gpu; do
  xz -dc .runtime/s59r/$t.xz > /tmp/$t && chmod +x /tmp/$t
  XDG_CACHE_HOME=/tmp/cache-tests timeout 200 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $? $SECONDS"; tail -1 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
