#!/usr/bin/env bash
# Call 8 (stop 43): as call 7, the loads ahead only for matrices larger than L2 (suraa: with
# its streaming loads; ipcsr: a kernel of its own), against main's binary (.runtime/pre43),
# alternating; the GPU tests of both and memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
( cd build-gpu && timeout 200 ctest -R 'suraa|ipcsr' -L gpu -j 4 --timeout 190 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
cp build-gpu/examples/aijadaptive-bench /tmp/bench-new
F=suraa,ipcsr,cusparse-alg1,cusparse-alg2
M=.runtime/msel
for round in 1 2; do
  for b in new old; do
    timeout 80 /tmp/bench-$b --formats $F --csv $OUT/r/regular-$b-$round.csv gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7 > /dev/null 2>&1; echo "regular $b $round rc $?"
    timeout 60 /tmp/bench-$b --formats $F --csv $OUT/r/real-$b-$round.csv $M/*.mtx.gz > /dev/null 2>&1; echo "real $b $round rc $?"
  done
done
tar czf $OUT/r.tgz -C $OUT r
for b in new old; do
  timeout 120 /tmp/bench-$b --formats $F --csv $OUT/r/irregular-$b.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /dev/null 2>&1; echo "irregular $b rc $?"
  timeout 60 /tmp/bench-$b --formats $F --renumber rcm --csv $OUT/r/fem-$b.csv gen:fem:n=120 > /dev/null 2>&1; echo "fem $b rc $?"
done
python3 .runtime/c4/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_suraa_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck suraa rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_ipcsr_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck ipcsr rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
