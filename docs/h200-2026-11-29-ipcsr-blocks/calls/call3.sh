#!/usr/bin/env bash
# Call 3 (stop 53): ipcsr with T = 128 (.runtime/g21, main with tuning.hpp's new default): every GPU test of
# build-gpu and the host tests with GPU parts, then the oracle table (every format, auto and tune)
# over the 72 real matrices and examples/bench/oracle.txt, as stop 51's calls 1 and 4.
# Carry: .runtime/g21 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g21}
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest gpu rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
timeout 120 ctest --test-dir build-gpu -R "test_packed_arrays|test_csr_prefetch|test_adaptive_matrix$" --output-on-failure > /tmp/r/ctest-host-gpu-parts.txt 2>&1; echo "ctest parts rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-host-gpu-parts.txt | head
tar czf $OUT/r.tgz -C /tmp r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 170 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv $M/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 120 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
