#!/usr/bin/env bash
# Call 7 (stop 52): the same build (.runtime/g20), suraa's rows sorted on the GPU
# (suraa.device_sort_rows=1) against on the host (=1000000000), alternating per matrix, three
# rounds (the order swapped each round): the set-up steps (aijadaptive-setup-timing, median of 30)
# of the twelve matrices of call 6 with 10k rows or more, cage11 with format=suraa.
# Carry: .runtime/g20 and .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g20/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g20/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/mid2
S=build-gpu/examples/aijadaptive-setup-timing
list="$M/wing.mtx.gz $M/cage11.mtx.gz $M/memplus.mtx.gz $M/mult_dcop_01.mtx.gz $M/vsp_sctap1-2b_and_seymourl.mtx.gz $M/Ill_Stokes.mtx.gz $M/teko_nsjac.mtx.gz $M/4elt.mtx.gz $M/ca-HepPh.mtx.gz $M/bcsstk17.mtx.gz gen:circuit:n=100000,long=8,len=5000 gen:rmat:scale=14,ef=16"
for round in 1 2 3; do
  order="gpu host"; [ $round = 2 ] && order="host gpu"
  for m in $list; do
    f=""; case $m in *cage11*|*bcsstk17*) f="format=suraa";; esac
    for v in $order; do
      rows=1; [ $v = host ] && rows=1000000000
      echo "== $m $v" >> /tmp/r/steps-$round.txt
      timeout 60 $S $m 30 $f suraa.device_sort_rows=$rows >> /tmp/r/steps-$round.txt 2>&1
    done
  done
  echo "round $round: $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
