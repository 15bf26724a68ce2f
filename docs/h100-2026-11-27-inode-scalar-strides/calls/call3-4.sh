set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked .runtime/s37; tar xJf .runtime/s37b/benches.tar.xz -C .runtime/s37
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
BENCHES=${BENCHES:-"head vfix"}
for k in 1 2; do
for spec in ${SPECS:-gen:fem:n=120 gen:fem:n=60,dof=3 gen:fem:n=48,dof=4}; do
for b in $BENCHES; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --formats auto,inode,cusparse-alg1 $spec > $f 2>&1
  printf "%-22s rc %s" $b-$tag-$k $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done; done; done
for b in $BENCHES; do
  f=$OUT/r/$b-renumber.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --renumber rcm --formats inode,suraa,cusparse-alg1 gen:fem:n=120 > $f 2>&1
  printf "%-22s rc %s" $b-renumber $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done
if [ -n "${NCU:-}" ]; then for b in $BENCHES; do
  timeout 120 ncu -k regex:"inode_kernel|suraa_short" -c 2 --metrics smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,gpu__time_duration.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,sm__warps_active.avg.pct_of_peak_sustained_active .runtime/s37/bench-$b --reps 3 --warmup 1 --renumber rcm --formats inode,suraa gen:fem:n=120 > $OUT/r/ncu-$b.txt 2>&1
  echo ncu $b $?; grep -E "inode_kernel|suraa_short|inst_executed|dram__|lts__t_sectors|requests|sectors_pipe|duration|stalled|warps_active" $OUT/r/ncu-$b.txt | sed 's/(unnamed.*//' | head -24
done; fi
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
