#!/usr/bin/env bash
# Call 12 (stop 54), issue 13: the oracle table's 72 real matrices (every format, auto and tune),
# HEAD's code (build-gpu's benchmark, rebuilt after the experiments were reverted), to go with
# call 6's generated ones (fitted and held out).
# Carry: .runtime/x2 (bench.xz and the packed libraries) and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x2/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x2/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 200 /tmp/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
