#!/usr/bin/env bash
# Call 1 (stop 45): where the set-up goes, phase by phase (instrumented benchmark, AIJA_SETUP_PROFILE),
# vector FEM (inode built first) and scalar FEM renumbered (auto, deferred); cuSPARSE first and last;
# the host's copy into fresh and touched memory.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r
{ nproc; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; free -g; nvidia-smi --query-gpu=name,pcie.link.gen.current,pcie.link.width.current --format=csv; } > /tmp/r/machine.txt 2>&1
mkdir -p /tmp/gl && tar xJf .runtime/v45/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/v45/bench-prof.xz > /tmp/bench; chmod +x /tmp/bench
/tmp/bench --help > /dev/null 2>&1 || /tmp/bench --help | head -3
B=/tmp/bench
export AIJA_SETUP_PROFILE=1
for round in 1 2 3; do
  timeout 60 $B --formats inode,cusparse-alg1,cusparse-alg2 --reps 20 --csv /tmp/r/vec-if-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-if-$round.txt 2>&1; echo "vec-if $round $? $SECONDS"
  timeout 60 $B --formats cusparse-alg1,inode,csr,cusparse-alg2 --reps 20 --csv /tmp/r/vec-cf-$round.csv gen:fem:n=60,dof=3 > /tmp/r/vec-cf-$round.txt 2>&1; echo "vec-cf $round $? $SECONDS"
  timeout 90 $B --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 20 --first-products 1000 --csv /tmp/r/sfem-$round.csv gen:fem:n=120 > /tmp/r/sfem-$round.txt 2>&1; echo "sfem $round $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
