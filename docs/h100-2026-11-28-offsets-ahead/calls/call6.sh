#!/usr/bin/env bash
# Call 6 (stop 43): inode with offsets one step ahead as committed (build-gpu: d1w4), against
# d1w2, d1w8, d2w8, d2w4 (d = steps ahead, w = warps a block) and main's binary, alternating,
# two rounds; vector FEM and real FEM-like matrices new against main; the inode GPU tests and
# memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
( cd build-gpu && timeout 150 ctest -R inode -L gpu -j 4 --timeout 140 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
for f in .runtime/var/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
cp build-gpu/examples/aijadaptive-bench /tmp/bench-d1w4
for round in 1 2; do
  for b in d1w4 d1w2 d1w8 d2w8 d2w4 old; do
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $?"
  done
done
M=.runtime/m8
real="bcsstk29 s3rmq4m1 bcsstk17 vibrobox copter2 Andrews brack2 teko_nsjac"
for b in d1w4 old; do
  timeout 60 /tmp/bench-$b --formats inode,ipcsr,auto,cusparse-alg1,cusparse-alg2 --reps 100 --csv $OUT/r/vec-$b.csv gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 gen:fem:n=40,dof=3 > /dev/null 2>&1; echo "vec $b rc $?"
  timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1,cusparse-alg2 --reps 100 --csv $OUT/r/real-$b.csv $(for m in $real; do echo $M/$m.mtx.gz; done) > /dev/null 2>&1; echo "real $b rc $?"
done
python3 .runtime/c4/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1
tar czf $OUT/r.tgz -C $OUT r
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_inode_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)' /tmp/mc.txt | tr '\n' ' ')"
