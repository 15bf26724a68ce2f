#!/usr/bin/env bash
# Call 1 (stop 49): the new rules (diagonal layouts of at most 16 diagonals in L2 up to 25/10 of
# CSR's bytes; suraa for irregular rows from 100k nonzeros) on the H200: every GPU test of
# build-gpu; the oracle table's real half (every format, auto, tune and cuSPARSE ALG1/ALG2 on the
# 72 real matrices, pattern files with random values, 30 repetitions, as docs/h200-2026-11-28-kept-arrays
# call 5); and the set-up (median of 5 fresh set-ups) of the formats that the rules move between, on
# the 10 real matrices whose choice changed.
# Carry: .runtime/g7 (gpu-libs.tar.xz, gpu-tree.tar.xz: build-gpu without objects or host-only
# tests) and .runtime/matrices (the 72 real matrices).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g7/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g7/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 230 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
grep -E "WRONG|ERROR|error" /tmp/r/oracle-real.txt | head
tar czf $OUT/r.tgz -C /tmp r
changed="LFAT5 jgl009 pores_1 olm1000 sherman3 epb1 memplus ca-HepPh mult_dcop_01 vsp_sctap1-2b_and_seymourl"
timeout 120 $B --formats auto,argcsr,ipcsr,suraa,dia,brcsd1,brcsd2,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/setup-changed.csv $(for m in $changed; do echo .runtime/matrices/$m.mtx.gz; done) > /tmp/r/setup-changed.txt 2>&1; echo "setup $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 250 ctest --test-dir build-gpu -L gpu -j 4 --timeout 200 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
tar czf $OUT/r.tgz -C /tmp r
