#!/usr/bin/env bash
# Call 2 (stop 48): the host refill's copy from pageable against page-locked memory, and where the
# host stops paying. Carry: .runtime/g1/gpu-libs.tar.xz (the libraries), .runtime/g2 (two builds of
# aijadaptive-setup-timing, xz: "pageable", call 1's; "pinned", the host copy page-locked) and
# .runtime/small2 (the 49 real matrices that call 1 found in argcsr, brcsd1 or brcsd2).
# aijadaptive-setup-timing M 30 per matrix, four processes in turn: the kernels (refill_on_host 0),
# pageable at 32768 slots, pinned at 32768, pinned at 262144.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g1/gpu-libs.tar.xz -C /tmp/gl
for b in pageable pinned; do xz -dc .runtime/g2/setup-$b.xz > /tmp/setup-$b && chmod +x /tmp/setup-$b; done
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
set_all() { echo "argcsr.refill_on_host=$1 dia.refill_on_host=$1 brcsd1.refill_on_host=$1 brcsd2.refill_on_host=$1"; }
for f in .runtime/small2/*.mtx.gz; do
  n=$(basename $f .mtx.gz)
  timeout 30 /tmp/setup-pinned $f 30 $(set_all 0) > /tmp/r/off-$n.txt 2>&1
  timeout 30 /tmp/setup-pageable $f 30 $(set_all 32768) > /tmp/r/pageable-$n.txt 2>&1
  timeout 30 /tmp/setup-pinned $f 30 $(set_all 32768) > /tmp/r/pinned-$n.txt 2>&1
  timeout 30 /tmp/setup-pinned $f 30 $(set_all 262144) > /tmp/r/pinnedbig-$n.txt 2>&1
done
echo "setup-timing done $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
