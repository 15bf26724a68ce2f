#!/usr/bin/env bash
# Call 8 (stop 55), issue 13: the oracle table again with segspmv's vector variant (6b72e95's
# build-gpu benchmark): every format, auto and tune on the 72 real matrices, oracle.txt's 34 fitted
# generated matrices and heldout.txt's 29 held-out ones, as stop 54's calls 6 and 12.
# Carry: .runtime/x3 (the benchmark and the libraries) and .runtime/matrices.
set -uo pipefail
repo=$PWD
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x3/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x3/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
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
