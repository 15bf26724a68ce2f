#!/usr/bin/env bash
# A change's benchmark against a baseline's, in the same GPU call (issue 8:
# "no regression"), in the repo root on the GPU machine with .runtime-bench/
# carried, made here by
#   ../shared/tools/pack-runtime .runtime-bench/new build/examples/aijadaptive-bench
#   ../shared/tools/pack-runtime .runtime-bench/base BASELINE/build/examples/aijadaptive-bench
#   cp -r ../shared/matrices .runtime-bench/matrices   (the real matrices of examples/bench/suite.txt)
# The large matrices run in the order $ORDER (default "base new new base":
# drift falls on both), the real ones in the order $REAL_ORDER (default
# "base new"; "" for none);
# double, int32, methods ipcsr, auto and cuSPARSE ALG1/ALG2. Writes
# $OUT/regression.tar.gz and prints config/gpu/compare_times.py's tables.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
root=$(pwd)
cd .runtime-bench
for b in base new; do
  tar xJf $b.tar.xz
  # each its own libraries (the baseline's Kokkos and the candidate's may differ)
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} exec %s/bin/aijadaptive-bench "$@"\n' \
    "$PWD/$b" "$PWD/$b" > $b.sh
  chmod +x $b.sh
done
base=$PWD/base.sh
new=$PWD/new.sh
formats=ipcsr,auto,cusparse-alg1,cusparse-alg2
large="${LARGE:-gen:stencil27:n=160 gen:fem:n=120 gen:rmat:scale=22,ef=16}"
real=$(grep -E '^[A-Za-z0-9_.-]+\.mtx\.gz' "$root/examples/bench/suite.txt")
run() {  # NAME BINARY MATRICES...
  local name=$1 bin=$2; shift 2
  timeout 240 "$bin" --matrix-dir matrices --formats $formats --csv "$logs/$name.csv" "$@" \
    > "$logs/$name.txt" 2>&1
  echo "$name: exit $?"
}
declare -A pass=([base]=0 [new]=0)
for who in ${ORDER:-base new new base}; do
  pass[$who]=$((pass[$who] + 1))
  run large-$who-${pass[$who]} "${!who}" $large
done
for who in ${REAL_ORDER-base new}; do run real-$who "${!who}" $real; done
cd "$root"
for k in 1 2; do
  [ -f "$logs/large-base-$k.csv" ] && [ -f "$logs/large-new-$k.csv" ] &&
    python3 config/gpu/compare_times.py "$logs/large-base-$k.csv" "$logs/large-new-$k.csv"
done | tee "$logs/compare-large.txt"
[ -f "$logs/real-new.csv" ] &&
  python3 config/gpu/compare_times.py "$logs/real-base.csv" "$logs/real-new.csv" | tee "$logs/compare-real.txt" | tail -3
tar czf "$out/regression.tar.gz" -C "$logs" .
