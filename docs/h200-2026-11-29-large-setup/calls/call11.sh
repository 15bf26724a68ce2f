#!/usr/bin/env bash
# Call 11 (stop 57): with threads kept asleep, smaller parts: suraa's sorts on threads from 2 x 2^15
# rows (not 2 x 2^17) and the row lengths' pass from 2 x 2^16 (not 2 x 2^18), "low", against
# ee5edfd ("pool"), in one call: aijadaptive-bench --setup-reps 5 --formats
# suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2, in turn, three rounds.
# Carry: .runtime/s11 (xz of both builds' aijadaptive-bench, gpu-libs.tar.xz), .runtime/m6.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s11/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s11/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
mats=".runtime/m6/Andrews.mtx.gz .runtime/m6/cage10.mtx.gz gen:longrows:n=200000,count=8,len=65536
gen:circuit:n=100000,long=8,len=5000 gen:circuit:n=300000,long=8,len=20000 gen:rmat:scale=17,ef=16
gen:stencil27:n=60 gen:circuit:n=1000000,long=16,len=50000"
for round in 1 2 3; do
  for b in pool low; do
    timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 \
      --reps 10 --pattern-values random --csv /tmp/r/setup-$b-$round.csv $mats > /tmp/r/setup-$b-$round.txt 2>&1
    echo "bench $round $b $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
