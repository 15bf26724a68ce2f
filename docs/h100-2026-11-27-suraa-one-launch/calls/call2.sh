#!/usr/bin/env bash
# Call 2: CUPTI timelines of suraa, argcsr, ipcsr on small irregular matrices (kernel durations per product).
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
mkdir -p $OUT/t
for m in vsp_sctap1-2b_and_seymourl mult_dcop_01 rajat01 memplus; do
  for f in suraa argcsr ipcsr cusparse-alg1; do
    CUDA_INJECTION64_PATH="$root/.runtime/trace/libaija_trace.so" AIJA_TRACE_FILE="/tmp/$m-$f.csv" AIJA_TRACE_API=0 \
      timeout 60 $B --formats $f --reps 300 $M/$m.mtx.gz > /tmp/$m-$f.txt 2>&1
    python3 .runtime/c3/kern.py /tmp/$m-$f.csv > $OUT/t/$m-$f.txt 2>&1
    grep -E "^  $f " /tmp/$m-$f.txt >> $OUT/t/$m-$f.txt
  done
done
cd $OUT && tar czf t.tgz t && rm -rf t
