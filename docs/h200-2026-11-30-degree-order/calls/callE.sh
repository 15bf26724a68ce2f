#!/usr/bin/env bash
# Call E (stop 64): the oracle table's 72 real matrices (random pattern values), every format, auto and
# tune, one round, as stop 63's call H, on f4d2f63's benchmark (bin3; the selector's rules as at HEAD).
# Carry: .runtime/s64 (bin3.tar.xz, gpu-libs.tar.xz, all/, all72.txt, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s64/bin3.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s64/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 400 /tmp/b64/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  --matrix-dir .runtime/s64/all --suite .runtime/s64/all72.txt > /tmp/r/oracle-real.txt 2>&1
echo "real: exit $? at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
