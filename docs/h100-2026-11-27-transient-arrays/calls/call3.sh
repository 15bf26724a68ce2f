#!/usr/bin/env bash
# Call 3: set-up steps of new matrices, HEAD bedd337 (head) against transient arrays kept for reuse (new),
# alternating processes, three rounds; memcheck over the transient-array tests and argcsr's GPU tests.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu
mkdir -p /tmp/head && for f in .runtime/bench-head/*.xz; do xz -dc $f > /tmp/head/$(basename $f .xz); done; chmod +x /tmp/head/*
M=.runtime/matrices
for round in 1 2 3; do
  for f in LFAT5 494_bus sherman3 bcsstk13 4elt cryg2500 dw8192 bcsstk17 wing; do
    echo "== $f head $round"; timeout 30 /tmp/head/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
    echo "== $f new $round"; timeout 30 $B/examples/aijadaptive-setup-timing $M/$f.mtx.gz 20 2>&1 | head -12
  done
done > $OUT/steps.txt 2>&1
for t in test_csr_prefetch test_argcsr_gpu test_dia_gpu; do
  timeout 200 compute-sanitizer --tool memcheck --leak-check full --error-exitcode 9 $B/tests/$t > /tmp/mc-$t.txt 2>&1
  echo "memcheck $t rc $?: $(grep -E 'ERROR SUMMARY' /tmp/mc-$t.txt | tail -1)"
done | tee $OUT/memcheck.txt
