#!/usr/bin/env bash
# Call A (stop 62): the benchmark floor (issue 17) and ncu profiles of segspmv against suraa (issue 11).
# Carry: .runtime/s60c (gpu-libs.tar.xz), .runtime/s62 (bin.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
tar xJf .runtime/s62/bin.tar.xz -C /tmp && B=/tmp/b
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
# 1. the floor: one event pair per product, two processes
for p in 1 2; do
  timeout 120 $B/aijadaptive-bench --formats auto,cusparse-alg1,cusparse-alg2 --reps 2000 --warmup 100 \
    gen:stencil7:n=24 gen:stencil27:n=24 > $R/floor-p$p.txt 2>&1; echo "floor p$p: $? at ${SECONDS}s"
  timeout 60 $B/aijadaptive-launch-floor 24 20000 > $R/launch-floor-p$p.txt 2>&1; echo "launch-floor p$p: $?"
done
save
# 2. the three matrices, timed
G="gen:fem:n=40,dof=3 gen:stencil9:n=2000 gen:qcd:L=16"
timeout 200 $B/aijadaptive-bench --formats segspmv,suraa,cusparse-alg1,cusparse-alg2 --reps 50 --csv $R/times.csv $G \
  > $R/times.txt 2>&1; echo "times: $? at ${SECONDS}s"
save
# 3. ncu: one product of each kernel, the full set
for m in $G; do
  tag=$(echo $m | tr ':=,' '___')
  for k in segspmv_kernel suraa_short_kernel; do
    f=$(echo $k | cut -d_ -f1)
    timeout 200 ncu --clock-control none --set full -k regex:$k -s 3 -c 1 -o $R/$f-$tag \
      $B/aijadaptive-bench --formats $f --reps 3 --warmup 1 $m > $R/ncu-$f-$tag.log 2>&1
    echo "ncu $f $m: $? at ${SECONDS}s"
    ncu -i $R/$f-$tag.ncu-rep --page details > $R/ncu-$f-$tag.txt 2>&1
    ncu -i $R/$f-$tag.ncu-rep --page source --csv --print-source sass > $R/sass-$f-$tag.csv 2>/dev/null
    save
  done
done
ls -la $R
