#!/usr/bin/env bash
# Call 7: HEAD fd3c923's core (the room check in one place): the GPU tests that cross the prefetch and the deferral.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
( cd $B && timeout 200 ctest -R "deferred|adaptive_matrix_gpu|csr_gpu|reordering_gpu|ipcsr_gpu" -j2 --timeout 150 --output-on-failure ) > $OUT/ctest.txt 2>&1; grep -E "Test +#|tests passed" $OUT/ctest.txt
