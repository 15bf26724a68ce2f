#!/usr/bin/env bash
# Call 6 (stop 49): where the set-up of a tiny diagonal matrix goes. aijadaptive-setup-timing M 30
# (final build) on the four tiny matrices that the few-diagonals rule moved to brcsd1/brcsd2, with
# the selector's choice and with format=argcsr (their format before), the two processes in turn.
# Carry: .runtime/g9 (as call 5) and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g9/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g9/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=build-gpu/examples/aijadaptive-setup-timing
for m in LFAT5 jgl009 pores_1 olm1000 epb1; do
  for round in 1 2; do
    timeout 30 $S .runtime/matrices/$m.mtx.gz 30 > /tmp/r/auto-$m-$round.txt 2>&1
    timeout 30 $S .runtime/matrices/$m.mtx.gz 30 format=argcsr > /tmp/r/argcsr-$m-$round.txt 2>&1
  done
done
echo "done $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
