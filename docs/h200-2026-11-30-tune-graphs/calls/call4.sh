#!/usr/bin/env bash
# Call 4 (stop 59): the GPU tests of 668ac10 (a product that captures its graph is not timed):
# test_autotune_gpu and test_product_graphs_gpu of build-gpu.
# Carry: .runtime/s59 (the two test binaries, gpu-libs.tar.xz), with docs/ moved out of the checkout.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/gl && tar xJf .runtime/s59/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
for t in test_autotune_gpu test_product_graphs_gpu; do
  xz -dc .runtime/s59/$t.xz > /tmp/$t && chmod +x /tmp/$t
  timeout 120 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $? $SECONDS"; tail -3 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
