#!/usr/bin/env bash
# Call B (stop 62), issue 11: segspmv's rows' shuffle after the slots' loads ("new") and that plus phased
# vector loads ("phased") against HEAD ("base"), large regular matrices, 2 rounds; the GPU tests of both.
# Carry: .runtime/s60c (gpu-libs.tar.xz), .runtime/s62 (bin.tar.xz, bin2.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
tar xJf .runtime/s62/bin.tar.xz -C /tmp && tar xJf .runtime/s62/bin2.tar.xz -C /tmp
cp /tmp/b/aijadaptive-bench /tmp/b2/bench-base
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
for t in new phased; do
  (cd $R && timeout 200 /tmp/b2/test_segspmv_gpu-$t > test-$t.txt 2>&1; echo "test $t: exit $?"; tail -2 test-$t.txt)
done
G="gen:fem:n=40,dof=3 gen:stencil9:n=2000 gen:qcd:L=16 gen:stencil27:n=100 gen:fem:n=120 gen:stencil5:n=3000
   gen:dia1:n=4000000,k=7 gen:stencil7:n=200 gen:qcd:L=8 gen:stencil27:n=40"
for r in 1 2; do
  for b in base new phased; do
    timeout 300 /tmp/b2/bench-$b --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 --csv $R/$b-r$r.csv $G \
      > $R/$b-r$r.txt 2>&1
    echo "$b r$r: $? at ${SECONDS}s"; save
  done
done
