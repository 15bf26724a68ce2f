#!/usr/bin/env bash
# Call 5 (stop 53): suraa's long group in one host grid and its short rows sorted within windows
# (.runtime/g22) against call 3's build (.runtime/g21: a host launch per long segment, one sort),
# in turn, two rounds. First g22's suraa and adaptive-matrix GPU tests. Then ncu over the short
# kernel on circuit n=4M, sorted as one and within windows of 1024. Carry: .runtime/g22,
# .runtime/g21/gpu-tree.tar.xz and .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g22/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g21/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g22/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 ctest --test-dir build-gpu -R "suraa|adaptive_matrix" -j 4 --timeout 150 > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest.txt | head
gens="gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:rmat:scale=21,ef=16 gen:circuit:n=1000000,long=16,len=50000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=4000000,k=7"
run() {  # name, build root, params...
  local name=$1 root=$2; shift 2
  local f=suraa; [ $name = old ] && f=suraa,cusparse-alg1,cusparse-alg2
  timeout 200 $root/build-gpu/examples/aijadaptive-bench --formats $f "$@" --pattern-values random --reps 50 \
    --csv /tmp/r/b-$name-$round.csv $gens .runtime/mid2/*.mtx.gz > /tmp/r/b-$name-$round.txt 2>&1
  echo "$name round $round: $? $SECONDS"
}
for round in 1 2; do
  run old /tmp/old
  run new .
  run host . --param suraa.long_launch=host
  run device . --param suraa.long_launch=device
  run w256 . --param suraa.sort_window=256
  run w1024 . --param suraa.sort_window=1024
  run w8192 . --param suraa.sort_window=8192
  tar czf $OUT/r.tgz -C /tmp r
done
for w in 0 1024; do
  timeout 100 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis -k "regex:suraa_short" --launch-count 3 --csv \
    --page details build-gpu/examples/aijadaptive-bench --formats suraa --param suraa.sort_window=$w --reps 2 --warmup 1 \
    --graphs 0 gen:circuit:n=4000000,long=16,len=200000 > /tmp/r/ncu-w$w.csv 2>&1; echo "ncu $w $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
