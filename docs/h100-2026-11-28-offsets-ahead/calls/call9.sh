#!/usr/bin/env bash
# Call 9 (stop 43): argcsr with the next step's columns loaded ahead beyond L2, and auto (the
# user's default, with call 8's suraa and ipcsr), against main's binary (.runtime/pre43); the
# argcsr GPU tests and memcheck.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
( cd build-gpu && timeout 150 ctest -R argcsr -L gpu -j 4 --timeout 140 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
cp build-gpu/examples/aijadaptive-bench /tmp/bench-new
F=argcsr,auto,cusparse-alg1,cusparse-alg2
for b in new old; do
  timeout 120 /tmp/bench-$b --formats $F --csv $OUT/r/irregular-$b.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /dev/null 2>&1; echo "irregular $b rc $?"
  timeout 100 /tmp/bench-$b --formats $F --csv $OUT/r/regular-$b.csv gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7 > /dev/null 2>&1; echo "regular $b rc $?"
  timeout 60 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --csv $OUT/r/fem-$b.csv gen:fem:n=120 > /dev/null 2>&1; echo "fem $b rc $?"
done
python3 .runtime/c4/pair.py $OUT/r
tar czf $OUT/r.tgz -C $OUT r
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_argcsr_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck argcsr rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
