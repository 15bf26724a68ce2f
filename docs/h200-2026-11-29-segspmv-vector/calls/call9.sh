#!/usr/bin/env bash
# Call 9 (stop 55), issue 13: the 72 real matrices' oracle table with 0902d4f's selector (segspmv for
# regular rows from 100k to 1M nonzeros), to measure auto where call 8's table was replayed.
# Carry: .runtime/x3 (0902d4f's build-gpu benchmark and the libraries) and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x3/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 200 /tmp/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
