#!/usr/bin/env bash
# Call 8 (stop 54): suraa's short kernel from per-SM queues (AIJA_EXP_SHORT=qC, calls/queues.patch:
# a grid of 6 blocks an SM, SM s multiplying chunks s, s + nsm, ... of C slices, each warp taking the
# next slice of its SM's queue) against today's kernel ("def"), with the groups on their own streams
# (default) and on one (--param suraa.streams=no); one process per variant, in turn, two rounds; ncu.
# Carry: .runtime/x1 (the experiment build's bench and libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x1/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=100"
for round in 1 2; do
  timeout 60 $B --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/cusp-$round.csv $gens > /tmp/r/cusp-$round.txt 2>&1; echo "cusp $round $? $SECONDS"
  for v in def q8 q32 q128; do
    for st in yes no; do
      e=$v; [ $v = def ] && e=""
      AIJA_EXP_SHORT=$e timeout 60 $B --formats suraa --param suraa.streams=$st --reps 50 --csv /tmp/r/$v-s$st-$round.csv $gens > /tmp/r/$v-s$st-$round.txt 2>&1; echo "$v s$st $round $? $SECONDS"
    done
  done
  tar czf $OUT/r.tgz -C /tmp r
done
for v in def q32; do
  e=$v; [ $v = def ] && e=""
  AIJA_EXP_SHORT=$e timeout 90 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis -k regex:suraa_short --csv --page details \
    $B --formats suraa --graphs 0 --reps 2 --warmup 1 gen:circuit:n=4000000,long=16,len=200000 > /tmp/r/ncu-$v.csv 2> /tmp/r/ncu-$v.err; echo "ncu $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
