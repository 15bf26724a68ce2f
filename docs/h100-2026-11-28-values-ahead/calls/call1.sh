#!/usr/bin/env bash
# Call 1 (stop 44): values loaded a step ahead. inode variants (all G / G=1 / G<=2 / G=1 two
# steps) against HEAD 3840a22 (base), alternating, two rounds; suraa with values ahead (all-sv)
# against base; GPU tests of inode and suraa (tree: inode all + suraa values ahead); memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
( cd build-gpu && timeout 150 ctest -R 'inode|suraa' -L gpu -j 6 --timeout 140 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
for f in .runtime/v44x/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2; do
  for b in all g1 g2 g1x2 base; do
    timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --renumber rcm --reps 100 --csv $OUT/r/rcm-$b-$round.csv gen:fem:n=120 gen:fem:n=100 > /dev/null 2>&1; echo "rcm $b $round rc $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C $OUT r
for b in all g1 g2 base; do
  timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --reps 100 --csv $OUT/r/vec-$b.csv gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 gen:fem:n=40,dof=3 > /dev/null 2>&1; echo "vec $b rc $? $SECONDS"
done
M=.runtime/m44
for b in all base; do
  timeout 60 /tmp/bench-$b --formats inode,cusparse-alg1 --reps 100 --csv $OUT/r/real-$b.csv $M/*.mtx.gz > /dev/null 2>&1; echo "real $b rc $? $SECONDS"
done
tar czf $OUT/r.tgz -C $OUT r
for round in 1 2; do
  for b in all-sv base; do
    timeout 80 /tmp/bench-$b --formats suraa,cusparse-alg1,cusparse-alg2 --csv $OUT/r/sreg-$b-$round.csv gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7 > /dev/null 2>&1; echo "suraa regular $b $round rc $? $SECONDS"
  done
done
for b in all-sv base; do
  timeout 60 /tmp/bench-$b --formats suraa,cusparse-alg1 --renumber rcm --csv $OUT/r/sfem-$b.csv gen:fem:n=120 > /dev/null 2>&1; echo "suraa fem $b rc $? $SECONDS"
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_inode_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck inode rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_suraa_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck suraa rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
for b in all-sv base; do
  timeout 100 /tmp/bench-$b --formats suraa,cusparse-alg1 --csv $OUT/r/sirr-$b.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /dev/null 2>&1; echo "suraa irregular $b rc $? $SECONDS"
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
