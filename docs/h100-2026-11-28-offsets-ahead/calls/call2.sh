#!/usr/bin/env bash
# Call 2 (stop 43): segspmv as on main (row-major slots), unroll 8 against 16 (pieces of 512
# slots), and ncu's view of the unroll-8 kernel on stencil27 n=128.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
B=build-gpu/examples/aijadaptive-bench
regular="gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7"
timeout 120 $B --formats segspmv,suraa,cusparse-alg1,cusparse-alg2 --csv $OUT/r/u8.csv $regular > /dev/null 2>&1; echo "u8 rc $?"
timeout 100 $B --formats segspmv,cusparse-alg1,cusparse-alg2 --param segspmv.unroll=16 --csv $OUT/r/u16.csv $regular > /dev/null 2>&1; echo "u16 rc $?"
timeout 100 $B --formats segspmv,cusparse-alg1,cusparse-alg2 --param segspmv.unroll=16 --param segspmv.block_threads=128 --csv $OUT/r/u16b128.csv $regular > /dev/null 2>&1; echo "u16b128 rc $?"
python3 .runtime/c4/table.py $OUT/r/*.csv
tar czf $OUT/r.tgz -C $OUT r
timeout 150 ncu -k regex:segspmv_kernel -c 1 --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section MemoryWorkloadAnalysis $B --formats segspmv --reps 3 gen:stencil27:n=128 > $OUT/r/ncu.txt 2>&1; echo "ncu rc $?"
grep -E "Memory Throughput|DRAM Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Stall|L1/TEX Hit|L2 Hit|Duration|Block Limit|Warp Cycles Per Issued" $OUT/r/ncu.txt | head -30
tar czf $OUT/r.tgz -C $OUT r
