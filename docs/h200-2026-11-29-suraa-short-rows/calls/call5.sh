#!/usr/bin/env bash
# Call 5 (stop 54): the CI's own build of 5cabc9c (HEAD's code; HEAD adds docs and
# examples/bench/heldout.txt): every GPU test of it, the PETSc ones included; then the oracle
# table's generated matrices (examples/bench/oracle.txt, the fitted ones) and the held-out ones
# (examples/bench/heldout.txt), every format, auto and tune, with that build's bench.
# Packed with `TREE_EXCLUDE="<the host-only test binaries>" config/gpu/pack.sh /tmp/ci-clone/build ci`
# (the names `ctest -L host -N` lists as test_*, left out to keep the carry within 64 MiB).
# Carry: .runtime/ci-libs.tar.xz and .runtime/ci-tree.tar.xz.
# Its two bench runs exited 2 at once: the packed env.sh sets `here` too, so the suite paths were
# wrong. Call 6 ran them again (`repo` instead of `here`).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 300 ctest --test-dir /tmp/ci-clone/build -L gpu -j 4 --timeout 240 > /tmp/r/ctest-ci-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
tail -8 /tmp/r/ctest-ci-gpu.txt
tar czf $OUT/r.tgz -C /tmp r
B=/tmp/ci-clone/build/examples/aijadaptive-bench
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 200 $B --formats $F --reps 30 --csv /tmp/r/heldout.csv --suite "$here/examples/bench/heldout.txt" > /tmp/r/heldout.txt 2>&1; echo "heldout $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 150 $B --formats $F --reps 30 --csv /tmp/r/oracle-gen.csv --suite "$here/examples/bench/oracle.txt" > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
