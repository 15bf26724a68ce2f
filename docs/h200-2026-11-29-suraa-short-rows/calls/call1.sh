#!/usr/bin/env bash
# Call 1 (stop 54): suraa's short kernel, K slices a warp (AIJA_EXP_SHORT, an experiment build's
# switch: "" today's kernel, 1b its registers capped for 8 blocks an SM, KxU K slices a warp with U
# entries of each a step), and the long kernel's block_entries / long_threads; ncu of the short kernel.
# Carry: .runtime/x1 (bench.xz: build-gpu/examples/aijadaptive-bench of the experiment build;
# gpu-libs.tar.xz: the libraries config/gpu/pack.sh packs, Kokkos among them).
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
  for v in def 1b 2x1 2x2 4x1 2x4; do
    e=$v; [ $v = def ] && e=""
    AIJA_EXP_SHORT=$e timeout 60 $B --formats suraa --reps 50 --csv /tmp/r/short-$v-$round.csv $gens > /tmp/r/short-$v-$round.txt 2>&1; echo "short $v $round $? $SECONDS"
  done
  tar czf $OUT/r.tgz -C /tmp r
done
long="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:circuit:n=1000000,long=16,len=50000"
for p in def suraa.block_entries=2048 suraa.block_entries=4096 suraa.long_threads=512 suraa.long_threads=128; do
  a=""; [ $p = def ] || a="--param $p"
  timeout 60 $B --formats suraa --reps 50 $a --csv /tmp/r/long-$p.csv $long > /tmp/r/long-$p.txt 2>&1; echo "long $p $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
for v in def 2x1 4x1; do
  e=$v; [ $v = def ] && e=""
  AIJA_EXP_SHORT=$e timeout 90 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy -k regex:suraa_short \
    --csv --page details $B --formats suraa --graphs 0 --reps 2 --warmup 1 gen:circuit:n=4000000,long=16,len=200000 > /tmp/r/ncu-$v.csv 2> /tmp/r/ncu-$v.err; echo "ncu $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
