#!/usr/bin/env bash
# Call B (stop 64): the column-degree order inside aijadaptive (the x gather counted): auto (which
# now renumbers power-law R-MAT from 6M nonzeros), auto with --reorder none (before), fixed formats
# with --reorder degree, with the row map at any size of y (AIJA_EXP_ROWMAP_MAX, experiment build
# only) and at 8 MiB (the code's limit); cuSPARSE in every process. Two rounds.
# Carry: .runtime/s64 (bin2.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s64/bin2.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s64/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
B=/tmp/b64/bench-deg
M="scale=18,ef=16 scale=19,ef=24,seed=3 scale=20,ef=8,seed=2 scale=21,ef=16 scale=22,ef=8 scale=18,ef=16,a=0.45,b=0.22,c=0.22"
for round in 1 2; do
  for m in $M; do
    g="gen:rmat:$m"
    timeout 150 $B --formats auto,csr,cusparse-alg1,cusparse-alg2 --reps 30 --first-products 100 --csv /tmp/r/r$round-$m-auto.csv $g > /tmp/r/r$round-$m-auto.txt 2>&1
    echo "round $round $m auto: exit $? at ${SECONDS}s"
    timeout 150 $B --reorder none --formats auto,cusparse-alg1 --reps 30 --csv /tmp/r/r$round-$m-none.csv $g > /tmp/r/r$round-$m-none.txt 2>&1
    echo "round $round $m none: exit $? at ${SECONDS}s"
    timeout 150 $B --reorder degree --formats suraa,segspmv,argcsr,cusparse-alg1 --reps 30 --csv /tmp/r/r$round-$m-deg.csv $g > /tmp/r/r$round-$m-deg.txt 2>&1
    echo "round $round $m degree: exit $? at ${SECONDS}s"
    AIJA_EXP_ROWMAP_MAX=100000000000 timeout 150 $B --reorder degree --formats suraa,segspmv,cusparse-alg1 --reps 30 --csv /tmp/r/r$round-$m-degmap.csv $g > /tmp/r/r$round-$m-degmap.txt 2>&1
    echo "round $round $m degree, row map: exit $? at ${SECONDS}s"
    save
  done
done
