#!/usr/bin/env bash
# Call 7 (stop 44): call 6's failed PETSc scaling test again, with its output.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
mkdir -p $OUT/r
timeout 200 ctest --test-dir build-cuda-petsc -R "petsc_scaling|bench_smoke_host|bench_oracle" --output-on-failure > $OUT/r/ctest7.txt 2>&1; echo "ctest rc $?"
grep -E "tests passed|Failed|Error|error|rror" $OUT/r/ctest7.txt | head -30
which python3; python3 -c "import matplotlib" 2>&1 | tail -1
