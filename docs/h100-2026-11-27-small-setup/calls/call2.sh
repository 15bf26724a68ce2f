#!/usr/bin/env bash
# Call 2: the analysis without the gather ratio below 1M nonzeros, the diagonal search's verdict pass and the
# bitmap gather count (new) against HEAD 9be0a26 (old), alternating; mdual deferred; a lower prefetch threshold.
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
  timeout 150 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/s.csv "$@" $M/*.mtx.gz > /tmp/s.txt 2>&1
  echo "$label rc $?"
  sed "s/^/$label,/" /tmp/s.csv >> $OUT/setup.csv
}
for round in 1 2; do
  suite old$round $OLD
  suite new$round $NEW
done
suite pf64k $NEW --prefetch-min-nnz 65536
suite pf64k-b $NEW --prefetch-min-nnz 65536
{
for round in 1 2; do
  for D in 1000000 -1; do
    echo "== new defer $D"; timeout 60 $NEW --formats auto,cusparse-alg1,cusparse-alg2 --reps 50 --first-products 1000 --defer-min-nnz $D $M/mdual.mtx.gz 2>&1 | grep -E "auto|cusparse|first|set-up|deferred" | cut -c1-400
  done
done
} > $OUT/mdual.txt 2>&1
cat $OUT/mdual.txt | cut -c1-250
for f in wing cage11 crystk01 4elt LFAT5; do
  echo "== $f"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
done > $OUT/steps.txt 2>&1
