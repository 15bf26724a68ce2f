#!/usr/bin/env bash
# Call 7: the repeated-rows share measured only from 1M entries (as the gather ratio) against 256120c (mid2),
# alternating, on the real suite; set-up steps; GPU tests.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
NEW=$B/examples/aijadaptive-bench
MID=.runtime/bench-mid2
M=.runtime/matrices
( cd $B && timeout 200 ctest -L gpu -j 4 --timeout 150 ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
suite() {  # LABEL BINARY ARGS...
  local label=$1 bin=$2; shift 2
  timeout 150 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/s.csv "$@" $M/*.mtx.gz > /tmp/s-$label.txt 2>&1
  echo "$label rc $?"
  sed "s/^/$label,/" /tmp/s.csv >> $OUT/setup.csv
}
for round in 1 2 3; do
  suite mid$round $MID
  suite new$round $NEW
done
for f in wing cage11 4elt; do
  echo "== $f"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
done > $OUT/steps.txt 2>&1
