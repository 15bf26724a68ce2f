#!/usr/bin/env bash
# The core's GPU tests (no PETSc needed) on the GPU machine, in the repo root
# with .runtime-bench/ carried; made here by
#   ../shared/tools/pack-runtime .runtime-bench/tests build/tests/test_*_gpu build/tests/test_adaptive_matrix build/tests/test_ipcsr
# Writes $OUT/gpu-tests.txt.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
cd .runtime-bench
[ -d tests ] || tar xJf tests.tar.xz
status=0
for t in tests/bin/test_*; do
  echo "== $t" >> "$out/gpu-tests.txt"
  "$t" >> "$out/gpu-tests.txt" 2>&1 || status=1
  tail -1 "$out/gpu-tests.txt"
done
exit $status
