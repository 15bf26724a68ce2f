#!/usr/bin/env bash
# Call 6 (stop 54): call 5's bench runs again, on the same machine still warm (the tree and
# libraries unpacked by call 5): the oracle table's generated matrices (examples/bench/oracle.txt,
# those the selector's rules were fitted to) and the held-out ones (examples/bench/heldout.txt),
# every format, auto and tune, with the CI's build of 5cabc9c.
# Carry: .runtime/ci-libs.tar.xz and .runtime/ci-tree.tar.xz.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
repo=$(pwd)
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
B=/tmp/ci-clone/build/examples/aijadaptive-bench
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 270 $B --formats $F --reps 30 --csv /tmp/r/heldout.csv --suite "$repo/examples/bench/heldout.txt" > /tmp/r/heldout.txt 2>&1; echo "heldout $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 200 $B --formats $F --reps 30 --csv /tmp/r/oracle-gen.csv --suite "$repo/examples/bench/oracle.txt" > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
