#!/usr/bin/env bash
# Call 6 (stop 47): the large irregular matrices of issues 10 and 12 (and the selector's choice among
# ipcsr, suraa and csr for them) on the H200, two rounds in separate processes: suraa, ipcsr, csr,
# argcsr, auto and cuSPARSE ALG1/ALG2, 50 repetitions, double, int32, at 628cb8f (call 5's benchmark).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/v5/bench.xz > /tmp/bench && chmod +x /tmp/bench
F=suraa,ipcsr,csr,argcsr,auto,cusparse-alg1,cusparse-alg2
G="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:rmat:scale=22,ef=8 gen:circuit:n=1000000,long=16,len=50000 gen:longrows:n=200000,count=8,len=65536"
for round in 1 2; do
  timeout 280 /tmp/bench --formats $F --reps 50 --csv /tmp/r/irregular-$round.csv $G > /tmp/r/irregular-$round.txt 2>&1; echo "round $round $? $SECONDS"
done
grep -E "WRONG|ERROR|error" /tmp/r/irregular-*.txt | head
tar czf $OUT/r.tgz -C /tmp r
