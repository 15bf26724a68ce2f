#!/usr/bin/env bash
# Call 5 (stop 51): why a fresh matrix's analysis of epb1 and dw8192 took about 400 µs more than
# analyse_matrix and the host build in isolation (call 3): aijadaptive-setup-timing (median of 30)
# with glibc's defaults and with freed memory kept by the process (no fresh pages for large
# arrays), in turn, two rounds. Build: 7fe02ef (.runtime/g17). Carry: .runtime/g17 and .runtime/dsub.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g17}
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=build-gpu/examples/aijadaptive-setup-timing
M=${M:-.runtime/dsub}
for round in 1 2; do
  for f in epb1 dw8192 olm1000; do
    timeout 30 $S $M/$f.mtx.gz 30 > /tmp/r/steps-default-$round-$f.txt 2>&1
    MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824 MALLOC_TOP_PAD_=268435456 \
      timeout 30 $S $M/$f.mtx.gz 30 > /tmp/r/steps-kept-$round-$f.txt 2>&1
  done
  echo "round $round $SECONDS"
done
grep -H "new matrix\|analyse_matrix\|host build\|upload +" /tmp/r/steps-*-epb1.txt
tar czf $OUT/r.tgz -C /tmp r
