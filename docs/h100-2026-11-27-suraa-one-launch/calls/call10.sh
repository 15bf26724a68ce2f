#!/usr/bin/env bash
# Call 10: argcsr's parameters on the small circuit matrices (each a run with cuSPARSE), and the CUDA calls of a
# small matrix's set-up (suraa, ipcsr, cuSPARSE) from CUPTI traces.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
root=$(pwd)
mkdir -p $OUT/r
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
circ="rajat01 rajat19 add32 adder_dcop_05 mult_dcop_01 memplus hangGlider_2"
f1=$(for m in $circ; do echo $M/$m.mtx.gz; done)
for v in default long_chunk=2 long_chunk=4 long_chunk=32 block_threads=64 block_threads=256 desired_chunk=2 block_threads=64+long_chunk=4; do
  args=""; [ $v != default ] && for p in ${v//+/ }; do args="$args --param argcsr.$p"; done
  timeout 100 $B --reps 200 --formats argcsr,ipcsr,suraa,cusparse-alg1,cusparse-alg2 $args --csv $OUT/r/circ-${v//[=+]/_}.csv $f1 > $OUT/r/circ-${v//[=+]/_}.txt 2>&1; echo "circ $v rc $?"
done
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
for f in suraa ipcsr cusparse-alg1; do
  CUDA_INJECTION64_PATH="$root/.runtime/trace/libaija_trace.so" AIJA_TRACE_FILE="/tmp/s-$f.csv" \
    timeout 60 $B --formats $f --reps 3 --warmup 1 --copy-mib 1 --graphs 0 $M/rajat01.mtx.gz > $OUT/r/setup-$f-run.txt 2>&1
  key=$f; [ $f = cusparse-alg1 ] && key=csrmv
  python3 .runtime/c3/setup_calls.py /tmp/s-$f.csv $key 90 > $OUT/r/setup-$f.txt 2>&1
done
cd $OUT && tar czf r.tgz r && rm -rf r
