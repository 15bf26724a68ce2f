#!/usr/bin/env bash
# Call 1: HEAD's GPU tests (e09eca6 never ran on a GPU); set-up of auto against cuSPARSE over the real suite, two rounds; step breakdown on a few.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nproc
B=build-gpu
( cd $B && timeout 280 ctest -L gpu -j 4 --timeout 200 ) > $OUT/ctest.txt 2>&1; tail -4 $OUT/ctest.txt; grep -i "fail" $OUT/ctest.txt | head
BENCH=$B/examples/aijadaptive-bench
M=.runtime/matrices
for round in 1 2; do
  timeout 150 $BENCH --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r$round.csv $M/*.mtx.gz > /tmp/r$round.txt 2>&1
  echo "round $round rc $?"
  sed "s/^/$round,/" /tmp/r$round.csv >> $OUT/setup.csv
done
for f in cage11 teko_nsjac raefsky1 G51 4elt 494_bus; do
  echo "== $f"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -30
done > $OUT/steps.txt 2>&1
for g in gen:qcd:L=8 gen:stencil7:n=60 gen:stencil27:n=24; do
  echo "== $g"; timeout 30 $B/examples/aijadaptive-setup-timing $g 20 2>&1 | head -30
done >> $OUT/steps.txt 2>&1
