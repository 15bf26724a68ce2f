#!/usr/bin/env bash
# Call 10 (stop 57): kept threads for run_row_parts (asleep between passes) against starting them
# for each pass: the build before (4cf803e, "before") and with them ("pool"), in one call.
# - calls/feat.cpp, the features' passes and run_row_parts with empty bodies, medians of 21 (each
#   build's), before and pool in turn, two rounds;
# - aijadaptive-bench --setup-reps 5 --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2
#   on four generated matrices and eight small real ones, before and pool in turn, three rounds.
# Carry: .runtime/s10 (xz of both builds' aijadaptive-bench and feat, gpu-libs.tar.xz), .runtime/m6.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s10/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s10/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
F="gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000 gen:longrows:n=200000,count=8,len=65536"
for round in 1 2; do
  for b in before pool; do
    echo "== round $round $b" >> /tmp/r/feat.txt; /tmp/feat-$b $F >> /tmp/r/feat.txt 2>&1; echo "feat $round $b $? $SECONDS"
  done
done
mats="$(ls .runtime/m6/*.mtx.gz) gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=40
gen:longrows:n=200000,count=8,len=65536 gen:circuit:n=100000,long=8,len=5000"
for round in 1 2 3; do
  for b in before pool; do
    timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 \
      --reps 10 --pattern-values random --csv /tmp/r/setup-$b-$round.csv $mats > /tmp/r/setup-$b-$round.txt 2>&1
    echo "bench $round $b $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
