#!/usr/bin/env bash
# Call 12 (stop 68): refills whose fill reads the values in a page-locked pack (MappedValues, values up to 1 MiB). setup-timing of 30
# real matrices, 045dc93 (setup3) and the working tree (setup7), two rounds alternating; then the GPU
# tests of the refill paths, 11 binaries of build-gpu.
# Carry: .runtime/s68r (m/ the 30 matrices, setups.tar.xz, tests12.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rm -rf /tmp/r /tmp/b /tmp/t && mkdir -p /tmp/r /tmp/b /tmp/t $OUT/logs
S=.runtime/s68r
tar xJf $S/setups.tar.xz -C /tmp/b
for round in 1 2; do
  for f in $S/m/*.mtx.gz; do
    n=$(basename $f .mtx.gz)
    for v in 3 7; do timeout 60 /tmp/b/setup$v $f 40 > /tmp/r/steps-v$v-$n-$round.txt 2>&1; done
  done
  echo "round $round at ${SECONDS}s"
done
tar czf $OUT/steps.tgz -C /tmp r
tar xJf $S/tests12.tar.xz -C /tmp/t
for t in /tmp/t/test_*; do
  n=$(basename $t); timeout 900 $t > $OUT/logs/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED)  \]' $OUT/logs/$n.txt | tr '\n' ' ')"
done
