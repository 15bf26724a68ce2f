#!/usr/bin/env bash
# Call 8 (stop 59): 73a8196 (graphs while a kernel compiles in the background) against 7cd23ad (no
# graphs until it is taken), the benchmark's first products: `aijadaptive-bench --formats auto
# --first-products 2000 --reps 30` on the 7- and 27-point 24^3, each process with a kernel cache
# of its own (so the diagonal kernels compile while the first products run), the two builds in turn,
# three processes each.
# Carry: .runtime/s59b (bench-7cd23ad.xz, bench-73a8196.xz, gpu-libs.tar.xz); docs/ moved out.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/gl && tar xJf .runtime/s59b/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for b in 7cd23ad 73a8196; do xz -dc .runtime/s59b/bench-$b.xz > /tmp/bench-$b && chmod +x /tmp/bench-$b; done
for k in 1 2 3; do
  for b in 7cd23ad 73a8196; do
    XDG_CACHE_HOME=$(mktemp -d) timeout 100 /tmp/bench-$b --formats auto --first-products 2000 --reps 30 \
      gen:stencil7:n=24 gen:stencil27:n=24 > /tmp/r/first-$b-$k.txt 2>&1
    echo "$b ($k): exit $? $SECONDS"; grep -o "set-up and the first[^;]*" /tmp/r/first-$b-$k.txt
  done
done
tar czf $OUT/r.tgz -C /tmp r
