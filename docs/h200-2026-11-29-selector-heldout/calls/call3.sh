#!/usr/bin/env bash
# Call 3 (stop 58), issue 13: the fitted tables with 7fec02c's rules ("new"), as call 1 with HEAD's:
# every format, auto and tune on the 72 real matrices, oracle.txt's 34 and heldout.txt's 29.
# Then a second round of call 1's three with HEAD's benchmark ("head"), for the spread between runs.
# Carry: .runtime/s58 (bench-head.xz, bench-new.xz and gpu-libs.tar.xz) and .runtime/matrices.
set -uo pipefail
repo=$PWD
rm -rf /tmp/r && mkdir -p /tmp/r
for b in head new; do xz -dc .runtime/s58/bench-$b.xz > /tmp/bench-$b && chmod +x /tmp/bench-$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for b in new head; do
  timeout 150 /tmp/bench-$b --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real-$b.csv \
    .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real-$b.txt 2>&1; echo "real $b $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
  timeout 100 /tmp/bench-$b --formats $F --reps 30 --csv /tmp/r/oracle-gen-$b.csv --suite "$repo/examples/bench/oracle.txt" > /tmp/r/oracle-gen-$b.txt 2>&1; echo "gen $b $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
  timeout 70 /tmp/bench-$b --formats $F --reps 30 --csv /tmp/r/heldout-$b.csv --suite "$repo/examples/bench/heldout.txt" > /tmp/r/heldout-$b.txt 2>&1; echo "heldout $b $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
