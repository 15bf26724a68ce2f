#!/usr/bin/env bash
# Call I (stop 65), issue 13: a second round of call F, on e346f6c (ae3feb7 and a comment: both selector rules; segspmv for a row over
# 2048 entries under 1M nonzeros, inode after RCM windows from 4M): the held-out heldout3.txt, then
# the 72 real matrices (random pattern values), every format, auto and tune, --reps 30.
# Carry: .runtime/s65 (binF.tar.xz, gpu-libs.tar.xz, all72.txt, this script), .runtime/s64/all (the
# 72 real matrices); docs/ moved out. REAL_ONLY=1: the real matrices alone.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binF.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
[ "${REAL_ONLY:-0}" = 1 ] || timeout 200 /tmp/b65/s-bench-final --formats $F --reps 30 --csv /tmp/r/heldout3.csv --suite examples/bench/heldout3.txt > /tmp/r/heldout3.txt 2>&1
echo "heldout3: exit $? at ${SECONDS}s"; save
timeout 300 /tmp/b65/s-bench-final --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  --matrix-dir .runtime/s64/all --suite .runtime/s65/all72.txt > /tmp/r/oracle-real.txt 2>&1
echo "real: exit $? at ${SECONDS}s"; save
