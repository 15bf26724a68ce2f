#!/usr/bin/env bash
# Call 8: the review commit's GPU tests (the gather count's shared entry walk, parallel_copy's floor of one
# thread, each anchor freed on its own device), and set-up timing that ends in release_device_resources().
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
B=build-gpu
( cd $B && timeout 200 ctest -L gpu -j 4 --timeout 150 ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
timeout 60 $B/examples/aijadaptive-setup-timing .runtime/matrices/LFAT5.mtx.gz 20 > $OUT/steps.txt 2>&1; echo "setup-timing rc $?"; head -3 $OUT/steps.txt
