#!/usr/bin/env bash
# Call 4 (stop 61), issue 13 on edaf6a7 (argcsr's chunk by the matrix and the selector's argcsr rule for
# irregular rows with scattered columns from 1M to 2^23 nonzeros): the oracle table, every format,
# auto and tune, on the 72 real matrices (random pattern values), examples/bench/oracle.txt,
# heldout.txt and heldout2.txt, one round each.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s61 (bin4.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s61/bin4.tar.xz -C /tmp && chmod +x /tmp/s61d/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 170 /tmp/s61d/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt > /tmp/r/oracle-real.txt 2>&1
echo "real: exit $? at ${SECONDS}s"; save
for s in oracle heldout heldout2; do
  timeout 150 /tmp/s61d/bench --formats $F --reps 30 --csv /tmp/r/$s.csv --suite examples/bench/$s.txt \
    > /tmp/r/$s.txt 2>&1
  echo "$s.txt: exit $? at ${SECONDS}s"; save
done
