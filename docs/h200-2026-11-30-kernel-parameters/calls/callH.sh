#!/usr/bin/env bash
# Call H (stop 63), issue 13 on b5fa8c2: the oracle table, every format, auto and tune, one round, as stop
# 61's call 4 (docs/h200-2026-11-30-argcsr-chunk/calls/call4.sh). SETS: which of real (the 72 real
# matrices, random pattern values), oracle, heldout, heldout2 (examples/bench/S.txt) to run.
# Carry: .runtime/s63c (bin3.tar.xz, this script), .runtime/s60c/all, .runtime/s60c/all72.txt,
# .runtime/s60c/gpu-libs.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
[ -x /tmp/s63bin/bench-new ] || tar xJf .runtime/s63c/bin3.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for s in ${SETS:-real oracle heldout heldout2}; do
  if [ $s = real ]; then
    timeout 200 /tmp/s63bin/bench-new --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
      --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt > /tmp/r/oracle-real.txt 2>&1
  else
    timeout 200 /tmp/s63bin/bench-new --formats $F --reps 30 --csv /tmp/r/$s.csv --suite examples/bench/$s.txt \
      > /tmp/r/$s.txt 2>&1
  fi
  echo "$s: exit $? at ${SECONDS}s"; save
done
