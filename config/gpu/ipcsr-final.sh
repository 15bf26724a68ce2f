#!/usr/bin/env bash
# Issue 4's closing measurements in one GPU call, in the repo root on the GPU
# machine, with .runtime/ (made here by config/gpu/pack.sh build debian) and
# .runtime-bench/matrices/ (the suite's real matrices from ../shared/matrices)
# carried (together under the 64 MiB a call may carry):
#   1. the standard suite (examples/bench/suite.txt: 12 large generated matrices,
#      then the real ones) with the tuned defaults: csr, ipcsr, auto, cuSPARSE
#      ALG1 and ALG2, double, int32, 100 reps after 10 warm-ups;
#   2. the reordering ablation: fem and rmat with --reorder none;
#   3. the GPU tests through CTest (core and PETSc, Debian's PETSc 3.18).
# Writes suite-*.{txt,csv}, ablation.{txt,csv}, speedups.txt, ctest-gpu.txt under $OUT.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
root=$(pwd)
source config/gpu/run.sh debian /work/main
bench=$root/build/examples/aijadaptive-bench
formats=csr,ipcsr,auto,cusparse-alg1,cusparse-alg2
generated=$(grep '^gen:' "$root/examples/bench/suite.txt" | sed 's/#.*//')
real=$(grep -E '^[A-Za-z0-9_.-]+\.mtx\.gz' "$root/examples/bench/suite.txt")
timeout 300 $bench --formats $formats --csv "$out/suite-generated.csv" $generated > "$out/suite-generated.txt" 2>&1
echo "generated: exit $?"
timeout 120 $bench --matrix-dir .runtime-bench/matrices --formats $formats --csv "$out/suite-real.csv" $real > "$out/suite-real.txt" 2>&1
echo "real: exit $?"
timeout 60 $bench --reorder none --formats ipcsr,auto,cusparse-alg1,cusparse-alg2 --csv "$out/ablation.csv" \
  gen:fem:n=120 gen:rmat:scale=21,ef=16 > "$out/ablation.txt" 2>&1
echo "ablation: exit $?"
python3 "$root/config/gpu/speedups.py" "$out"/suite-generated.csv "$out"/suite-real.csv "$out"/ablation.csv > "$out/speedups.txt" 2>&1
timeout 150 ctest --test-dir build -L gpu --output-on-failure > "$out/ctest-gpu.txt" 2>&1
echo "ctest gpu: exit $?"
tail -3 "$out/ctest-gpu.txt"
head -30 "$out/speedups.txt"
