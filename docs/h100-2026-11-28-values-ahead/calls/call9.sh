#!/usr/bin/env bash
# Call 9 (stop 44): the tests that failed in call 6, on the tree regenerated after the fix of the
# scaling test's expectation; the build tree's Python (this build machine's pyenv) pointed at the
# device's python3 for bench_oracle_table.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
mkdir -p $OUT/r /root/.pyenv/shims
[ -e /root/.pyenv/shims/python3 ] || ln -s "$(command -v python3)" /root/.pyenv/shims/python3
timeout 200 ctest --test-dir build-cuda-petsc -R "petsc_scaling|bench_smoke_host|bench_oracle|bench_plot|gpu_scaling" --output-on-failure > $OUT/r/ctest9.txt 2>&1; echo "ctest rc $?"
grep -E "Test +#|tests passed|rror" $OUT/r/ctest9.txt | head -30
