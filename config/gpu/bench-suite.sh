#!/usr/bin/env bash
# The benchmark's standard suite and the ipcsr tuning sweep on the GPU machine
# (issues 3 and 4). Runs in the repo root with .runtime-bench/ carried, made by:
#   ../shared/tools/pack-runtime .runtime-bench/bench build/examples/aijadaptive-bench
#   cp examples/bench/suite.txt examples/bench/plot_bench.py .runtime-bench/
#   cp -r ../shared/matrices .runtime-bench/matrices
# Writes everything under $OUT/bench (tar it: at most 8 files come back).
set -uo pipefail
out=${OUT:-/tmp/aija-out}/bench
mkdir -p "$out"
cd .runtime-bench
tar xJf bench.tar.xz && source bench/env.sh
bench=aijadaptive-bench
nvidia-smi -L > "$out/gpu.txt"
# 1. The standard suite: every format, auto, cuSPARSE ALG1/ALG2, double.
$bench --suite suite.txt --matrix-dir matrices --csv "$out/suite.csv" --json "$out/suite.json" \
  > "$out/suite.txt" 2>&1
echo "suite exit $?" >> "$out/suite.txt"
python3 plot_bench.py "$out/suite.csv" "$out/suite.png" >> "$out/suite.txt" 2>&1
# 2. ipcsr: block size and long-row strategy, against cuSPARSE in the same run.
sweep="gen:stencil27:n=160 gen:fem:n=120 gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:qcd:L=16"
for T in 128 256 512; do
  AIJADAPTIVE_IPCSR_BLOCK=$T $bench --formats ipcsr,cusparse-alg1,cusparse-alg2 --csv "$out/sweep-T$T.csv" $sweep \
    > "$out/sweep-T$T.txt" 2>&1
done
AIJADAPTIVE_IPCSR_LONG_ROWS=whole $bench --formats ipcsr,cusparse-alg1,cusparse-alg2 --csv "$out/sweep-whole.csv" \
  gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 \
  > "$out/sweep-whole.txt" 2>&1
$bench --precision single --formats ipcsr,csr,cusparse-alg1,cusparse-alg2 gen:stencil27:n=160 gen:fem:n=120 \
  > "$out/single.txt" 2>&1
