#!/usr/bin/env bash
# Call 12: the module loads of suraa's first launches in a process (CUPTI): the fill kernel (the set-up) with
# every suraa kernel outside the module of dynamic parallelism, and the first parent launch where the long
# grids are launched from the device.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
mkdir -p $OUT/r
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
tr() { CUDA_INJECTION64_PATH="$root/.runtime/trace/libaija_trace.so" AIJA_TRACE_FILE="/tmp/$1.csv" timeout 60 $B --reps 3 --warmup 1 --graphs 0 "${@:3}" > $OUT/r/$1-run.txt 2>&1
  python3 .runtime/c3/setup_calls.py /tmp/$1.csv $2 12 > $OUT/r/$1.txt 2>&1; echo "== $1"; tail -16 $OUT/r/$1.txt | grep -E "cuLibrary|cudaLaunchKernel|cuModule|Load"; }
tr suraa-fill suraa_fill --formats suraa $M/rajat01.mtx.gz
tr suraa-one suraa_one_launch --formats suraa $M/rajat01.mtx.gz
tr suraa-parent suraa_long_parent --formats suraa --param suraa.long_launch=device $M/mult_dcop_01.mtx.gz
tr ipcsr-first ipcsr --formats ipcsr $M/rajat01.mtx.gz
cd $OUT && tar czf r.tgz r && rm -rf r
