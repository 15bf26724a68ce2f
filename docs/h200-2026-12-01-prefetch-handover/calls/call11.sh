#!/usr/bin/env bash
# Call 11 (stop 68): the suite's set-up, cec69a8's code (bench3 = 045dc93, the same behaviour) against the
# working tree (bench6: the CSR arrays in one device block, sent through the pack in pieces of the block,
# one copy for a block of up to 256 KiB), the latter also with the prefetch from 2^13 entries. Six
# rounds, alternating; then setup-timing of 8 matrices.
# Carry: .runtime/s68 (bin3, bin6, this script), .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s68/bin3.tar.xz -C /tmp/b && tar xJf .runtime/s68/bin6.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 3 6 7; do
    case $v in 3) B=/tmp/b/bench3; X="";; 6) B=/tmp/b/bench6; X="";; 7) B=/tmp/b/bench6; X="--prefetch-min-nnz 8192";; esac
    timeout 200 $B $X --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in sherman5 hangGlider_2 Pd fidapex6 crack mbeacxc gemat12 rajat01; do
  timeout 60 /tmp/b/setup3 $M/$f.mtx.gz 40 > /tmp/r/steps-v3-$f-1.txt 2>&1
  timeout 60 /tmp/b/setup6 $M/$f.mtx.gz 40 > /tmp/r/steps-v6-$f-1.txt 2>&1
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
