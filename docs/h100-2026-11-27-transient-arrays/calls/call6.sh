#!/usr/bin/env bash
# Call 6: issue 16, inode's scalar kernel with more warps per SM (launch bounds) or more columns in flight
# (unroll), against main's, alternating, two rounds.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/var && for f in .runtime/inode-variants/*.xz; do xz -dc $f > /tmp/var/$(basename $f .xz); done; chmod +x /tmp/var/*
cp build-gpu/examples/aijadaptive-bench /tmp/var/bench-main
for round in 1 2; do
  for b in bench-main bench-mb12-u4 bench-mb16-u4 bench-mb1-u8; do
    for spec in "--renumber rcm gen:fem:n=120" "--renumber rcm gen:fem:n=100" "gen:fem:n=120" "gen:fem:n=60,dof=3" "gen:qcd:L=16"; do
      echo "== $b $round $spec"
      timeout 200 /tmp/var/$b --reps 50 --formats inode $spec 2>&1 | grep -E "^  inode "
    done
  done
done > $OUT/variants.txt 2>&1
cat $OUT/variants.txt | head -5
