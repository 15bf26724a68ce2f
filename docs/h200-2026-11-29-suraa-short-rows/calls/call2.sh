#!/usr/bin/env bash
# Call 2 (stop 54): suraa's sort_window (the short rows sorted by length within windows of W rows):
# 1024 (default) against 32 (a slice: rows in row order but for the lanes of a slice), 64, 128, 256,
# one process per window, in turn, two rounds; cuSPARSE in each round; ncu of the short kernel at
# 1024 and 32 (circuit n=4M, longrows n=2M).
# Carry: .runtime/x1 (call 1's bench and libraries) and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x1/bench.xz > /tmp/bench && chmod +x /tmp/bench
mkdir -p /tmp/gl && tar xJf .runtime/x1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/bench
M=.runtime/matrices
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=100 gen:rmat:scale=18,ef=16"
real="4elt adder_dcop_05 ca-HepPh hangGlider_2 Ill_Stokes jagmesh7 mdual memplus commanche_dual cage10 cage11 ca-CondMat crystk01 fidapex6 G51 wing teko_nsjac"
files=""; for m in $real; do files="$files $M/$m.mtx.gz"; done
for round in 1 2; do
  timeout 90 $B --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv /tmp/r/cusp-$round.csv $gens $files > /tmp/r/cusp-$round.txt 2>&1; echo "cusp $round $? $SECONDS"
  for w in 1024 32 64 128 256; do
    timeout 90 $B --formats suraa --param suraa.sort_window=$w --reps 50 --csv /tmp/r/w$w-$round.csv $gens $files > /tmp/r/w$w-$round.txt 2>&1; echo "w $w $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
for g in gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8; do
  for w in 1024 32; do
    n=$(echo $g | cut -d: -f2)
    timeout 90 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis -k regex:suraa_short --csv --page details \
      $B --formats suraa --param suraa.sort_window=$w --graphs 0 --reps 2 --warmup 1 $g > /tmp/r/ncu-$n-$w.csv 2> /tmp/r/ncu-$n-$w.err; echo "ncu $n $w $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
