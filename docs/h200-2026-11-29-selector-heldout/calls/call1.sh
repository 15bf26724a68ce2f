#!/usr/bin/env bash
# Call 1 (stop 58), issue 13: the table the selector's rules are fitted to, with HEAD's benchmark
# (a0c02c8's build-gpu): every format, auto and tune on the 72 real matrices, oracle.txt's 34 and
# heldout.txt's 29 generated matrices (the last now fitted too), as stop 55's call 8.
# Carry: .runtime/s58 (bench-head.xz and gpu-libs.tar.xz) and .runtime/matrices.
set -uo pipefail
repo=$PWD
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s58/bench-head.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 200 /tmp/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 170 /tmp/bench --formats $F --reps 30 --csv /tmp/r/oracle-gen.csv --suite "$repo/examples/bench/oracle.txt" > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 170 /tmp/bench --formats $F --reps 30 --csv /tmp/r/heldout.csv --suite "$repo/examples/bench/heldout.txt" > /tmp/r/heldout.txt 2>&1; echo "heldout $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
