#!/usr/bin/env bash
# Call 2 (stop 44): ncu of inode's kernel at fem n=120 / n=100 (renumbered); inode's window and
# sort parameters on HEAD's binary (base); suraa with values ahead in all its kernels (all-sv) or
# in the short slices only (svshort) against base, alternating, two rounds.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/v45x/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2; do
  for p in default inode.window_rows=1024 inode.window_rows=2048 inode.window_rows=8192 inode.sort=no inode.max_padding=0.1; do
    timeout 60 /tmp/bench-base --formats inode,cusparse-alg1 --renumber rcm --reps 100 --param $p --csv $OUT/r/win-$p-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "win $p $round rc $? $SECONDS"
  done
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
for round in 1 2; do
  for b in svshort all-sv base; do
    timeout 80 /tmp/bench-$b --formats suraa,cusparse-alg1,cusparse-alg2 --csv $OUT/r/sreg-$b-$round.csv gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7 > /dev/null 2>&1; echo "suraa regular $b $round rc $? $SECONDS"
    timeout 80 /tmp/bench-$b --formats suraa,cusparse-alg1 --csv $OUT/r/sirr-$b-$round.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /dev/null 2>&1; echo "suraa irregular $b $round rc $? $SECONDS"
  done
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
for n in 120 100; do
  timeout 150 ncu -k regex:inode_kernel --launch-skip 3 -c 1 --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed /tmp/bench-base --formats inode --renumber rcm --reps 5 gen:fem:n=$n > $OUT/r/ncu-$n.txt 2>&1; echo "ncu $n rc $? $SECONDS"
done
tar czf $OUT/r.tgz -C $OUT r
