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
# 1. ipcsr tuning sweep: T, shared-memory fraction, minimum threads per row,
#    against cuSPARSE in the same run; then long rows split vs whole (the paper).
sweep="gen:stencil27:n=160 gen:fem:n=120 gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:qcd:L=16"
for T in 256 512; do for F in 0.25 0.5 1; do for M in 1 4; do
  $bench --param ipcsr.block_threads=$T --param ipcsr.shared_fraction=$F --param ipcsr.min_threads_per_row=$M \
    --formats ipcsr,cusparse-alg1,cusparse-alg2 --csv "$out/sweep-T$T-F$F-M$M.csv" $sweep \
    > "$out/sweep-T$T-F$F-M$M.txt" 2>&1
done; done; done
$bench --param ipcsr.long_rows=whole --formats ipcsr,cusparse-alg1,cusparse-alg2 --csv "$out/sweep-whole.csv" \
  gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 \
  > "$out/sweep-whole.txt" 2>&1
# The best setting by geomean speedup over the better cuSPARSE algorithm.
best=$(python3 - "$out" 2> "$out/sweep-ranking.txt" <<'PY'
import csv, glob, math, sys, os
scores = {}
for f in glob.glob(os.path.join(sys.argv[1], "sweep-T*-F*-M*.csv")):
    rows = [r for r in csv.DictReader(open(f)) if r["method"] == "ipcsr" and r["correct"] == "1"]
    if len(rows) == 6:
        scores[f] = math.exp(sum(math.log(float(r["speedup_vs_cusparse"])) for r in rows) / len(rows))
for f, g in sorted(scores.items(), key=lambda kv: -kv[1]):
    print(os.path.basename(f), round(g, 3), file=sys.stderr)
b = max(scores, key=scores.get)
T, F, M = os.path.basename(b)[len("sweep-"):-len(".csv")].split("-")
print(T[1:], F[1:], M[1:])
PY
)
read T F M <<< "$best"
chosen="--param ipcsr.block_threads=$T --param ipcsr.shared_fraction=$F --param ipcsr.min_threads_per_row=$M"
echo "chosen: $chosen" | tee -a "$out/sweep-ranking.txt"
# 2. The standard suite with the chosen ipcsr setting: every format, auto, cuSPARSE ALG1/ALG2.
$bench $chosen --suite suite.txt --matrix-dir matrices --csv "$out/suite.csv" --json "$out/suite.json" \
  > "$out/suite.txt" 2>&1
echo "suite exit $?" >> "$out/suite.txt"
python3 plot_bench.py "$out/suite.csv" "$out/suite.png" >> "$out/suite.txt" 2>&1
$bench --precision single --formats ipcsr,csr,cusparse-alg1,cusparse-alg2 gen:stencil27:n=160 gen:fem:n=120 \
  > "$out/single.txt" 2>&1
