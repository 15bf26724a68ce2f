#!/usr/bin/env bash
# Issue 9's first GPU call (DIA-Adaptive), in the repo root on the GPU machine
# with .runtime/ carried (config/gpu/pack.sh build debian):
#   1. the GPU tests (core, the three formats' generic and generated kernels,
#      PETSc on 1/2/4 ranks for every format);
#   2. the suite's structured matrices with the three formats, ipcsr, auto and
#      cuSPARSE ALG1/ALG2 (double, int32, the kernels generated for each
#      matrix: the benchmark waits for their compile before timing);
#   3. the generic kernels (--jit 0) on the same matrices;
#   4. T = 128 and 512 against the default 256.
# A fresh on-disk kernel cache (XDG_CACHE_HOME under the logs). Writes
# $OUT/dia-check.tar.gz and prints the summaries.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
source config/gpu/run.sh debian /work/main
export XDG_CACHE_HOME=$logs/cache
nvidia-smi -L > "$logs/gpu.txt"
timeout 420 ctest --test-dir build -L gpu --output-on-failure > "$logs/ctest-gpu.txt" 2>&1
echo "1. ctest -L gpu: exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu.txt")"
grep -E "\*\*\*Failed" "$logs/ctest-gpu.txt" | head
bench=build/examples/aijadaptive-bench
structured=$(grep -E '^gen:(stencil|dia)' examples/bench/suite.txt | sed 's/#.*//')
diagonal=dia,brcsd1,brcsd2
timeout 200 $bench --formats $diagonal,ipcsr,auto,cusparse-alg1,cusparse-alg2 --csv "$logs/structured.csv" \
  --json "$logs/structured.json" $structured > "$logs/structured.txt" 2>&1
echo "2. structured: exit $?"
timeout 100 $bench --jit 0 --formats $diagonal --csv "$logs/generic.csv" $structured > "$logs/generic.txt" 2>&1
echo "3. generic kernels: exit $?"
for T in 128 512; do
  timeout 100 $bench --formats $diagonal --param dia.block_threads=$T --param brcsd1.block_threads=$T \
    --param brcsd2.block_threads=$T --csv "$logs/T$T.csv" $structured > "$logs/T$T.txt" 2>&1
  echo "4. T=$T: exit $?"
done
# Speedups over cuSPARSE: structured.csv only (the runs of steps 3 and 4 have no
# cuSPARSE rows); those runs against it as time ratios (variant / default).
python3 config/gpu/speedups.py "$logs"/structured.csv > "$logs/speedups.txt" 2>&1
for v in generic T128 T512; do
  echo "$v / structured (median time):"
  python3 config/gpu/compare_times.py "$logs"/structured.csv "$logs/$v.csv" dia brcsd1 brcsd2
done >> "$logs/speedups.txt" 2>&1
cat "$logs/speedups.txt"
grep -E "^matrix|diagonal:|^  (dia|brcsd|ipcsr|auto|cusparse)" "$logs/structured.txt" | cut -c1-150
tar czf "$out/dia-check.tar.gz" -C "$logs" --exclude=cache .
