#!/usr/bin/env bash
# Call 6 (stop 50): why suraa's host layout costs about twice as much on the H200's host as on the
# build machine's (wing: 340 against 170 us). Two harnesses built here against build-gpu
# (not in the repository; their sources are the layout of c46e947 with timers around its steps,
# and suraa_build_layout + compute_features timed, median of 15 each): as the process allocates
# by default, then with glibc keeping freed memory (no fresh pages for each build).
# Carry: .runtime/h1 (layout.xz, steps3.xz, gpu-libs.tar.xz) and .runtime/msub.
set -uo pipefail
here=$(pwd)
V=.runtime/h1
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
for b in layout steps3; do xz -dc $V/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
source /tmp/gl/gpu-libs/env.sh
{ nproc; lscpu | grep -E "Model name|MHz"; } > /tmp/r/host.txt 2>&1
M=.runtime/msub
set -- $M/cage11.mtx.gz $M/wing.mtx.gz $M/commanche_dual.mtx.gz $M/whitaker3.mtx.gz gen:circuit:n=100000,long=8,len=5000
for round in 1 2; do
  /tmp/steps3 "$@" > /tmp/r/steps-default-$round.txt 2>&1
  MALLOC_MMAP_THRESHOLD_=2000000000 MALLOC_TRIM_THRESHOLD_=4000000000 /tmp/steps3 "$@" > /tmp/r/steps-kept-$round.txt 2>&1
  /tmp/layout "$@" > /tmp/r/layout-default-$round.txt 2>&1
  MALLOC_MMAP_THRESHOLD_=2000000000 MALLOC_TRIM_THRESHOLD_=4000000000 /tmp/layout "$@" > /tmp/r/layout-kept-$round.txt 2>&1
  echo "round $round $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
