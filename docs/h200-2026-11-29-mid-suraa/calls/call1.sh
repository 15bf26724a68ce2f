#!/usr/bin/env bash
# Call 1 (stop 52): where suraa's and ipcsr's set-up go on the matrices of 100k-1M nonzeros
# (22 real ones, .runtime/mid, and two generated), 5beb421's build (.runtime/g18): the set-up
# steps (aijadaptive-setup-timing, median of 30) with format=suraa and format=ipcsr, and the
# benchmark's set-up (median of 5 fresh set-ups), products and first 100 products of suraa, ipcsr,
# auto and cuSPARSE ALG1/ALG2, two rounds. Carry: .runtime/g18 and .runtime/mid.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g18}
M=${M:-.runtime/mid}
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:circuit:n=100000,long=8,len=5000 gen:rmat:scale=14,ef=16"
S=build-gpu/examples/aijadaptive-setup-timing
B=build-gpu/examples/aijadaptive-bench
for round in 1 2; do
  for m in $M/*.mtx.gz $gens; do
    for f in suraa ipcsr; do
      echo "== $m $f" >> /tmp/r/steps-$round.txt
      timeout 60 $S $m 30 format=$f >> /tmp/r/steps-$round.txt 2>&1
    done
  done
  echo "steps round $round: $SECONDS"
  timeout 200 $B --formats suraa,ipcsr,auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --first-products 100 --csv /tmp/r/bench-$round.csv $M/*.mtx.gz $gens > /tmp/r/bench-$round.txt 2>&1; echo "bench round $round: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
