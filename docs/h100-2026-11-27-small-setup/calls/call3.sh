#!/usr/bin/env bash
# Call 3: the final build (the analysis changes of call 2, ipcsr's block build without divisions, prefetch from
# 2^17 entries, deferral from 10^6) against HEAD 9be0a26 (old), alternating, on the real suite; GPU tests.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
NEW=$B/examples/aijadaptive-bench
OLD=.runtime/bench-old
M=.runtime/matrices
( cd $B && timeout 200 ctest -L gpu -j 4 --timeout 150 ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
suite() {  # LABEL BINARY ARGS...
  local label=$1 bin=$2; shift 2
  timeout 150 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/s.csv "$@" $M/*.mtx.gz > /tmp/s-$label.txt 2>&1
  echo "$label rc $?"
  sed "s/^/$label,/" /tmp/s.csv >> $OUT/setup.csv
}
for round in 1 2 3; do
  suite old$round $OLD
  suite new$round $NEW
done
grep -A2 "mdual" /tmp/s-new1.txt /tmp/s-new2.txt | cut -c1-300 > $OUT/mdual.txt
for f in wing LFAT5 cage11; do
  echo "== $f"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
done > $OUT/steps.txt 2>&1
