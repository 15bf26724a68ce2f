#!/usr/bin/env bash
# Variants of the formats' tuning parameters against cuSPARSE in one GPU
# session (issue 4): each line of VARIANTS is NAME:BENCH ARGS, typically
# --param <format>.<name>=<value> settings; every variant times the same
# matrices with $FORMATS (default ipcsr, cuSPARSE ALG1 and ALG2). Runs in the repo root on the
# GPU machine with .runtime-bench/ carried (see bench-suite.sh for how to make it).
#   MATRICES="gen:... file.mtx.gz" VARIANTS=$'base:\nunroll4:--param ipcsr.unroll=4' config/gpu/ipcsr-variants.sh
# Writes $OUT/variants.tar.gz (one .txt and .csv per variant) and prints the
# geomean speedups over the better cuSPARSE algorithm, per variant and matrix.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
work=$(mktemp -d)
root=$(pwd)
cd .runtime-bench
[ -d bench ] || tar xJf bench.tar.xz
source bench/env.sh
nvidia-smi -L > "$work/gpu.txt"
while IFS= read -r line; do
  [ -z "$line" ] && continue
  name=${line%%:*}
  args=${line#*:}
  aijadaptive-bench --matrix-dir matrices --formats ${FORMATS:-ipcsr,cusparse-alg1,cusparse-alg2} \
    $args --csv "$work/$name.csv" $MATRICES > "$work/$name.txt" 2>&1
  echo "$name ($args): exit $?"
done <<< "$VARIANTS"
python3 "$root/config/gpu/speedups.py" "$work"/*.csv | tee "$work/speedups.txt"
tar czf "$out/variants.tar.gz" -C "$work" .
