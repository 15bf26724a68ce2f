#!/usr/bin/env bash
# Call 4 (stop 54): suraa's short kernel writing y through shared memory (AIJA_EXP_SHORT=y: a
# block's sums gathered in shared memory and written in row order when its rows span at most 512
# rows of y), against today's kernel, each with sort_window 256 (a window = a block's rows) and
# 1024 (default); one process per variant, in turn, two rounds; ncu of the short kernel.
# Carry: .runtime/x1 (the experiment build's bench and libraries).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x1/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=100 gen:rmat:scale=18,ef=16"
for round in 1 2; do
  timeout 60 $B --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/cusp-$round.csv $gens > /tmp/r/cusp-$round.txt 2>&1; echo "cusp $round $? $SECONDS"
  for v in def y; do
    for w in 1024 256; do
      e=$v; [ $v = def ] && e=""
      AIJA_EXP_SHORT=$e timeout 60 $B --formats suraa --param suraa.sort_window=$w --reps 50 --csv /tmp/r/$v$w-$round.csv $gens > /tmp/r/$v$w-$round.txt 2>&1; echo "$v $w $round $? $SECONDS"
    done
  done
  tar czf $OUT/r.tgz -C /tmp r
done
for v in def y; do
  e=$v; [ $v = def ] && e=""
  for g in gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8; do
    n=$(echo $g | cut -d: -f2)
    AIJA_EXP_SHORT=$e timeout 90 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis -k regex:suraa_short --csv --page details \
      $B --formats suraa --param suraa.sort_window=256 --graphs 0 --reps 2 --warmup 1 $g > /tmp/r/ncu-$n-$v.csv 2> /tmp/r/ncu-$n-$v.err; echo "ncu $n $v $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
