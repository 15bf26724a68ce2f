#!/usr/bin/env bash
# Call 4 (stop 45): where the copy back's time goes (marks in StagedDownload), scalar FEM n=120 renumbered.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/v45/bench-newprof3.xz > /tmp/bench; chmod +x /tmp/bench
export AIJA_SETUP_PROFILE=1
for round in 1 2; do
  timeout 90 /tmp/bench --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem-$round.csv gen:fem:n=120 > /tmp/r/sfem-$round.txt 2>&1; echo "sfem $round $? $SECONDS"
done
timeout 90 /tmp/bench --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 0 --csv /tmp/r/sfem-nofirst.csv gen:fem:n=120 > /tmp/r/sfem-nofirst.txt 2>&1; echo "sfem nofirst $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
