#!/usr/bin/env bash
# Call 1 (stop 50): the build of this stop's changes (suraa's upload in one block, its host layout
# with fewer passes, rows of nearly one length under 1M nonzeros to suraa). Every GPU test of
# build-gpu; then, in turn, two rounds, the stop's start (3266e70's aijadaptive-bench, .runtime's
# bench-old.xz) and this build: auto and suraa, product and set-up (median of 5 fresh set-ups),
# against cuSPARSE ALG1/ALG2 in the same process, on the matrices the rule moved and those suraa
# takes or is fastest on; then the oracle table (72 real matrices and examples/bench/oracle.txt).
# Carry: .runtime/g10/{gpu-libs.tar.xz,gpu-tree.tar.xz,bench-old.xz} and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g10/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g10/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
xz -dc .runtime/g10/bench-old.xz > /tmp/bench-old && chmod +x /tmp/bench-old
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
C=docs/h200-2026-11-28-one-length/calls
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
tar czf $OUT/r.tgz -C /tmp r
real="4elt commanche_dual hammond Ill_Stokes jagmesh7 orsirr_1 s3rmq4m1 teko_nsjac whitaker3 wing adder_dcop_05 hangGlider_2 rajat01 rajat19 memplus ca-HepPh mult_dcop_01 vsp_sctap1-2b_and_seymourl"
files=$(for m in $real; do echo .runtime/matrices/$m.mtx.gz; done)
for round in 1 2; do
  for v in old new; do
    b=$B; [ $v = old ] && b=/tmp/bench-old
    timeout 60 $b --formats auto,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-real-$v-$round.csv $files > /tmp/r/ab-real-$v-$round.txt 2>&1; echo "ab real $v $round: $? $SECONDS"
    timeout 40 $b --formats auto,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-gen-$v-$round.csv --suite $C/setup.txt > /tmp/r/ab-gen-$v-$round.txt 2>&1; echo "ab gen $v $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 100 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
