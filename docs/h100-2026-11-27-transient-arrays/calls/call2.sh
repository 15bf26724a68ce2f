#!/usr/bin/env bash
# Call 2: transient arrays from a stream-ordered pool (new) against HEAD bedd337 (head), alternating, on the
# real suite; set-up steps; GPU tests.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
NEW=$B/examples/aijadaptive-bench
mkdir -p /tmp/head && for f in .runtime/bench-head/*.xz; do xz -dc $f > /tmp/head/$(basename $f .xz); done; chmod +x /tmp/head/*
OLD=/tmp/head/aijadaptive-bench
M=.runtime/matrices
( cd $B && timeout 300 ctest -L gpu -j 4 --timeout 250 --output-on-failure ) > $OUT/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/ctest.txt | head
( cd $B && timeout 60 ctest -R test_csr_prefetch --output-on-failure ) > $OUT/ctest-prefetch.txt 2>&1; grep -E "tests passed|Failed" $OUT/ctest-prefetch.txt
$B/tests/test_csr_prefetch 2>&1 | grep -E "^\[ +(OK|FAILED|SKIPPED)" >> $OUT/ctest-prefetch.txt
suite() {  # LABEL BINARY ARGS...
  local label=$1 bin=$2; shift 2
  timeout 150 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/s.csv "$@" $M/*.mtx.gz > /tmp/s-$label.txt 2>&1
  echo "$label rc $?"
  sed "s/^/$label,/" /tmp/s.csv >> $OUT/setup.csv
}
for round in 1 2 3; do
  suite head$round $OLD
  suite new$round $NEW
done
for f in 4elt bcsstk13 cryg2500 dw8192 wing cage11 LFAT5; do
  echo "== $f head"; timeout 30 /tmp/head/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
  echo "== $f new"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
done > $OUT/steps.txt 2>&1
gzip $OUT/setup.csv
