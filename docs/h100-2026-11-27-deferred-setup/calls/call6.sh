#!/usr/bin/env bash
# Call 6: the final code's GPU tests (all but the fault-injection ones) and memcheck over the deferred set-up's tests.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
( cd $B && timeout 300 ctest -L gpu -j2 --timeout 200 -E "faults" ) > $OUT/ctest-gpu.txt 2>&1; tail -5 $OUT/ctest-gpu.txt
timeout 200 compute-sanitizer --tool memcheck $B/tests/test_deferred_setup_gpu > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$?"; grep -E "PASSED|FAILED|ERROR SUMMARY" $OUT/memcheck.txt
