#!/usr/bin/env bash
# Call 2 (stop 58), issue 13: the second held-out set (examples/bench/heldout2.txt, 33 generated
# matrices written before 7fec02c's rules were fitted), every format, auto and tune, with HEAD's
# benchmark before the rules (a0c02c8, "head") and after them (7fec02c, "new"), in turn, two rounds.
# Carry: .runtime/s58 (bench-head.xz, bench-new.xz and gpu-libs.tar.xz).
set -uo pipefail
repo=$PWD
rm -rf /tmp/r && mkdir -p /tmp/r
for b in head new; do xz -dc .runtime/s58/bench-$b.xz > /tmp/bench-$b && chmod +x /tmp/bench-$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for round in 1 2; do
  for b in head new; do
    timeout 140 /tmp/bench-$b --formats $F --reps 30 --csv /tmp/r/heldout2-$b-$round.csv \
      --suite "$repo/examples/bench/heldout2.txt" > /tmp/r/heldout2-$b-$round.txt 2>&1
    echo "heldout2 $b round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
