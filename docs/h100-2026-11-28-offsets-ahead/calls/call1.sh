#!/usr/bin/env bash
# Call 1 (stop 43): segspmv's scalar variant with column-major slots per piece (a lane per
# segment): GPU tests, memcheck, and the regular matrices against the previous binary
# (.runtime/pre43, main a5dd5fa), ipcsr, suraa and cuSPARSE ALG1/ALG2, one process per group.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/r
( cd build-gpu && timeout 120 ctest -R segspmv -L gpu -j 4 --timeout 180 ) > $OUT/r/ctest.txt 2>&1; grep -E "tests passed|Failed|\*\*\*" $OUT/r/ctest.txt | head
xz -dc .runtime/pre43/aijadaptive-bench.xz > /tmp/bench-old && chmod +x /tmp/bench-old
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
regular="gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7"
reg="cage11 cage10 Andrews brack2 copter2 bcsstk29 bcsstk17 vibrobox s3rmq4m1 teko_nsjac bcsstk16 Ill_Stokes bcsstk13 bcsstk14 fidapex6 mhd1280b dwt_992 bfw782a utm300 lund_a"
F=segspmv,ipcsr,suraa,cusparse-alg1,cusparse-alg2
timeout 200 $B --formats $F --csv $OUT/r/regular.csv $regular > $OUT/r/regular.txt 2>&1; echo "regular rc $?"
timeout 100 /tmp/bench-old --formats segspmv,cusparse-alg1,cusparse-alg2 --csv $OUT/r/regular-old.csv $regular > $OUT/r/regular-old.txt 2>&1; echo "regular-old rc $?"
timeout 100 $B --formats $F --renumber rcm --csv $OUT/r/fem.csv gen:fem:n=120 > $OUT/r/fem.txt 2>&1; echo "fem rc $?"
timeout 60 /tmp/bench-old --formats segspmv,cusparse-alg1 --renumber rcm --csv $OUT/r/fem-old.csv gen:fem:n=120 > $OUT/r/fem-old.txt 2>&1; echo "fem-old rc $?"
timeout 100 $B --formats $F --csv $OUT/r/reg.csv $(for m in $reg; do echo $M/$m.mtx.gz; done) > $OUT/r/reg.txt 2>&1; echo "reg rc $?"
timeout 60 /tmp/bench-old --formats segspmv,cusparse-alg1,cusparse-alg2 --csv $OUT/r/reg-old.csv $(for m in $reg; do echo $M/$m.mtx.gz; done) > $OUT/r/reg-old.txt 2>&1; echo "reg-old rc $?"
tar czf $OUT/r.tgz -C $OUT r
for v in unroll=4 block_threads=512; do
  timeout 60 $B --formats segspmv,cusparse-alg1 --param segspmv.$v --csv $OUT/r/var-${v%%=*}-${v##*=}.csv gen:stencil27:n=128 gen:qcd:L=16 > /dev/null 2>&1; echo "variant $v rc $?"
done
python3 .runtime/c4/table.py $OUT/r/*.csv
tar czf $OUT/r.tgz -C $OUT r
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_segspmv_gpu --gtest_filter='SegspmvGpuTyped/0.*' > /tmp/mc.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
