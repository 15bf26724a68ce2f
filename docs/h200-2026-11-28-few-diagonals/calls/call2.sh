#!/usr/bin/env bash
# Call 2 (stop 49): the oracle table's generated half with the new rules (every format, auto,
# tune and cuSPARSE ALG1/ALG2 on the 34 matrices of examples/bench/oracle.txt, 30 repetitions, as
# docs/h200-2026-11-28-kept-arrays call 5), then the real half again with tune timing 20 products
# per candidate instead of 5 (--tune-products 20), every format in the same run.
# Carry: .runtime/g7 (as call 1) and .runtime/matrices.
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
timeout 360 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
grep -E "WRONG|ERROR|error" /tmp/r/oracle-gen.txt | head
tar czf $OUT/r.tgz -C /tmp r
timeout 170 $B --formats $F --tune-products 20 --pattern-values random --reps 30 --csv /tmp/r/oracle-real-tune20.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real-tune20.txt 2>&1; echo "real tune20 $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
