#!/usr/bin/env bash
# Call 5 (stop 49): the final build, 00afe18, then amended in a comment only (3266e70): as call 4,
# but irregular rows from 100k to 1M nonzeros back to ipcsr, and suraa deferred from 1M. Every GPU
# test of build-gpu; the oracle
# table (72 real matrices and examples/bench/oracle.txt, as call 1); then auto before
# (f5ae253, this stop's start) and after, in turn, two rounds, on the matrices whose choice changed:
# product and set-up (median of 5 fresh set-ups) against cuSPARSE ALG1/ALG2 in the same process.
# Carry: .runtime/g9 (gpu-libs.tar.xz, gpu-tree.tar.xz as call 1; bench-old.xz: f5ae253's
# aijadaptive-bench, whose libraries gpu-libs also holds) and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g9/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g9/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
xz -dc .runtime/g9/bench-old.xz > /tmp/bench-old && chmod +x /tmp/bench-old
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
C=docs/h200-2026-11-28-few-diagonals/calls
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
timeout 100 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
real="LFAT5 jgl009 pores_1 olm1000 sherman3 epb1 memplus ca-HepPh mult_dcop_01 vsp_sctap1-2b_and_seymourl adder_dcop_05 hangGlider_2 rajat01 rajat19"
files=$(for m in $real; do echo .runtime/matrices/$m.mtx.gz; done)
for round in 1 2; do
  for v in old new; do
    b=$B; [ $v = old ] && b=/tmp/bench-old
    timeout 60 $b --formats auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-real-$v-$round.csv $files > /tmp/r/ab-real-$v-$round.txt 2>&1; echo "ab real $v $round: $? $SECONDS"
    timeout 90 $b --formats auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-gen-$v-$round.csv --suite $C/changed.txt > /tmp/r/ab-gen-$v-$round.txt 2>&1; echo "ab gen $v $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
tar czf $OUT/r.tgz -C /tmp r
