#!/usr/bin/env bash
# Call 8 (stop 53): this stop's build (.runtime/g24: ipcsr's T = 128; suraa's short rows sorted
# within windows of 1024, its long grids from the device from 1M nonzeros, one host grid else):
# every GPU test of build-gpu and the host tests with GPU parts; the large matrices with
# auto, suraa, ipcsr, csr and cuSPARSE ALG1/ALG2, two rounds; then the oracle table.
# Carry: .runtime/g24 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g24/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g24/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest gpu rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
timeout 120 ctest --test-dir build-gpu -R "test_packed_arrays|test_csr_prefetch|test_adaptive_matrix$" --output-on-failure > /tmp/r/ctest-host-gpu-parts.txt 2>&1; echo "ctest parts rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-host-gpu-parts.txt | head
tar czf $OUT/r.tgz -C /tmp r
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=22,ef=16 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000"
for round in 1 2; do
  timeout 150 build-gpu/examples/aijadaptive-bench --formats auto,suraa,ipcsr,csr,cusparse-alg1,cusparse-alg2 \
    --reps 50 --csv /tmp/r/large-$round.csv $gens > /tmp/r/large-$round.txt 2>&1; echo "large $round $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 170 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv $M/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 120 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
