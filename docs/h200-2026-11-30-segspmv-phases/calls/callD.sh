#!/usr/bin/env bash
# Call D (stop 62), issue 11: segspmv with phased loads for streamed slots, without call C's branch for a
# piece of no slots, and the rows' shuffle after the slots always ("final2", working tree on bafdec1) against
# bafdec1 ("base"): test_segspmv_gpu and its memcheck; the large matrices, 2 rounds alternating; L = 4 and 8
# on three of them; the 72 real matrices.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/, all72.txt), .runtime/s62 (bin.tar.xz, bin4.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
tar xJf .runtime/s62/bin.tar.xz -C /tmp && tar xJf .runtime/s62/bin4.tar.xz -C /tmp
cp /tmp/b/aijadaptive-bench /tmp/b4/bench-base
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
(cd $R && timeout 120 /tmp/b4/test_segspmv_gpu > test.txt 2>&1; echo "test: exit $?"; tail -2 test.txt
 timeout 300 compute-sanitizer --tool memcheck --leak-check full /tmp/b4/test_segspmv_gpu > memcheck.txt 2>&1
 echo "memcheck: exit $?"; tail -3 memcheck.txt)
save
G="gen:fem:n=40,dof=3 gen:stencil9:n=2000 gen:qcd:L=16 gen:stencil27:n=100 gen:stencil27:n=160 gen:fem:n=120
   gen:stencil5:n=3000 gen:dia1:n=4000000,k=7 gen:stencil7:n=200 gen:qcd:L=8 gen:stencil27:n=40
   gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8"
for r in 1 2; do
  for b in base final2; do
    timeout 300 /tmp/b4/bench-$b --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 --csv $R/$b-r$r.csv $G \
      > $R/$b-r$r.txt 2>&1
    echo "$b r$r: $? at ${SECONDS}s"; save
  done
done
for L in 4 8; do
  timeout 200 /tmp/b4/bench-final2 --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 --param segspmv.length=$L \
    --csv $R/final2-L$L.csv gen:fem:n=40,dof=3 gen:qcd:L=16 gen:stencil27:n=100 > $R/final2-L$L.txt 2>&1
  echo "L=$L: $? at ${SECONDS}s"; save
done
for b in base final2; do
  timeout 300 /tmp/b4/bench-$b --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
    --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt --csv $R/real-$b.csv > $R/real-$b.txt 2>&1
  echo "real $b: $? at ${SECONDS}s"; save
done
