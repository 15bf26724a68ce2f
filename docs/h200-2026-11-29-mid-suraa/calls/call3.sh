#!/usr/bin/env bash
# Call 3 (stop 52): 5beb421's build ("old", .runtime/g18) against this stop's ("new", .runtime/g19:
# suraa's sort over four runs of rows, irregular rows from 100k to 1M nonzeros to suraa) in turn,
# two rounds: the set-up steps of auto's choice (aijadaptive-setup-timing, median of 30) and the
# benchmark's set-up (median of 5 fresh set-ups), products and first 100 products of auto, suraa,
# ipcsr and cuSPARSE ALG1/ALG2 on 20 real matrices (.runtime/mid2) and two generated ones; first
# the new build's suraa and selector tests. Carry: .runtime/g18/gpu-tree.tar.xz, .runtime/g19 and
# .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g19/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g18/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g19/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 ctest --test-dir build-gpu -R "suraa|format_list|adaptive_matrix" -j 4 --timeout 150 > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest.txt | head
M=${M:-.runtime/mid2}
gens="gen:circuit:n=100000,long=8,len=5000 gen:rmat:scale=14,ef=16"
for round in 1 2; do
  for v in old new; do
    root=.; [ $v = old ] && root=/tmp/old
    for m in $M/*.mtx.gz $gens; do
      echo "== $m" >> /tmp/r/steps-$v-$round.txt
      timeout 60 $root/build-gpu/examples/aijadaptive-setup-timing $m 30 >> /tmp/r/steps-$v-$round.txt 2>&1
    done
    timeout 200 $root/build-gpu/examples/aijadaptive-bench --formats auto,suraa,ipcsr,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --first-products 100 --csv /tmp/r/bench-$v-$round.csv $M/*.mtx.gz $gens > /tmp/r/bench-$v-$round.txt 2>&1; echo "$v round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
