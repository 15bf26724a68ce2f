#!/usr/bin/env bash
# Call B (stop 63), issue 17: host vectors (page-locked, as the plugin's pin mode gives PETSc's host
# vectors), streamed (--stream-min-mib 4, the default) against the path before streaming (-1: x up,
# product, y down, one after the other), auto's format, on the benchmark suite's 12 large generated
# matrices and the 7-point 160^3. A process per matrix and setting, streamed first, two rounds.
# The 72 real matrices are left out: their y is under 4 MiB, so both settings take the same path.
# Carry: .runtime/s63c (bin1.tar.xz, this script), .runtime/s60c (gpu-libs.tar.xz); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
[ -x /tmp/s63bin/bench-new ] || tar xJf .runtime/s63c/bin1.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
M=$(grep "^gen" examples/bench/suite.txt | awk '{print $1}')
i=0
for k in ${ROUNDS:-1 2}; do
  for m in $M gen:stencil7:n=160; do
    i=$((i + 1))
    for s in 4 -1; do
      timeout 60 /tmp/s63bin/bench-new --vectors host --stream-min-mib $s --reps 20 --warmup 3 --formats auto \
        --csv /tmp/r/host-$i-$s-$k.csv $m > /tmp/r/host-$i-$s-$k.txt 2>&1
      echo "$m stream-min-mib $s ($k): exit $? at ${SECONDS}s"
    done
  done
  tar czf $OUT/r.tgz -C /tmp r
done
