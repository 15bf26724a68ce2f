#!/usr/bin/env bash
# Call 5: issue 16, inode on scalar FEM renumbered by RCM, n=100 against n=120: DRAM bytes against own bytes (ncu).
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
B=build-gpu
for n in 100 120; do
  timeout 200 $B/examples/aijadaptive-bench --renumber rcm --reps 50 --formats inode,cusparse-alg1 --csv $OUT/bench-$n.csv gen:fem:n=$n > $OUT/bench-$n.txt 2>&1
  echo "bench n=$n rc $?"
  timeout 300 ncu --kernel-name regex:inode --launch-skip 10 --launch-count 2 --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sector_hit_rate.pct,l1tex__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum $B/examples/aijadaptive-bench --renumber rcm --reps 12 --warmup 2 --graphs 0 --formats inode gen:fem:n=$n > $OUT/ncu-$n.txt 2>&1
  echo "ncu n=$n rc $?"
done
