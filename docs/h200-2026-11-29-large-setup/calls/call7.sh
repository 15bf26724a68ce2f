#!/usr/bin/env bash
# Call 7 (stop 57): what std::thread::hardware_concurrency() costs on the device's host (calls/hw.cpp,
# 1000 calls, three times), then HEAD 317acb9 ("old") against this stop's final build ("new",
# hardware_threads() asked once), in one call: aijadaptive-bench --setup-reps 5 --formats
# suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 on eight small real matrices and four
# generated ones, old and new in turn, three rounds.
# Carry: .runtime/s7 (xz of both builds' aijadaptive-bench, of hw, and the libraries the benchmark
# needs, gpu-libs.tar.xz), .runtime/m6 (eight .mtx.gz of ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s7/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s7/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
/tmp/hw | tee /tmp/r/hw.txt
mats="$(ls .runtime/m6/*.mtx.gz) gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=40
gen:longrows:n=200000,count=8,len=65536 gen:circuit:n=100000,long=8,len=5000"
for round in 1 2 3; do
  for b in old new; do
    timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 \
      --reps 10 --pattern-values random --csv /tmp/r/setup-$b-$round.csv $mats > /tmp/r/setup-$b-$round.txt 2>&1
    echo "bench $round $b $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
