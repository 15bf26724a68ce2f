#!/usr/bin/env bash
# Call 7 (stop 50): the oracle table again, with the stop's final build (091c291): every GPU test
# of build-gpu; the stop's start (3266e70) timing auto alone over the same matrices (for its
# choices); then every format, auto and tune (72 real matrices and examples/bench/oracle.txt, as
# call 1). Carry: .runtime/g14 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=.runtime/g14
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
xz -dc $V/bench-old.xz > /tmp/bench-old && chmod +x /tmp/bench-old
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
timeout 60 /tmp/bench-old --formats auto --pattern-values random --reps 30 --csv /tmp/r/old-real.csv $M/*.mtx.gz > /tmp/r/old-real.txt 2>&1; echo "old real $? $SECONDS"
timeout 60 /tmp/bench-old --formats auto --pattern-values random --reps 30 --csv /tmp/r/old-gen.csv --suite examples/bench/oracle.txt > /tmp/r/old-gen.txt 2>&1; echo "old gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv $M/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 100 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
