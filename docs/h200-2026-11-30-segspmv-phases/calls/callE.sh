#!/usr/bin/env bash
# Call E (stop 62), issue 11: "final3" (working tree on bafdec1: phased loads and the rows' shuffle after the
# slots, both for streamed slots only) - test_segspmv_gpu; the segment length L = 1, 2, 4, 8 set by hand on
# call 6's matrices of docs/h200-2026-11-29-segspmv-vector (to fit the rule's byte weights again), two rounds;
# base (bafdec1), final2 (shuffle after the slots always) and final3 on the 72 real matrices and two small
# generated ones, two rounds in turn.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/, all72.txt), .runtime/s62 (bin.tar.xz, bin5.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
tar xJf .runtime/s62/bin.tar.xz -C /tmp && tar xJf .runtime/s62/bin5.tar.xz -C /tmp
cp /tmp/b/aijadaptive-bench /tmp/b5/bench-base
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
(cd $R && timeout 120 /tmp/b5/test_segspmv_gpu > test.txt 2>&1; echo "test: exit $?"; tail -2 test.txt)
B=/tmp/b5/bench-final3
gens="gen:stencil5:n=1500 gen:stencil7:n=150 gen:stencil9:n=1000 gen:stencil27:n=100 gen:qcd:L=12 gen:dia1:n=1000000,k=7
gen:dia2:n=1000000,k=9 gen:dia3:n=1000000,k=11,seg=4096 gen:fem:n=96 gen:fem:n=40,dof=3 gen:stencil27:n=40 gen:qcd:L=8
gen:stencil9:n=2000 gen:qcd:L=16 gen:fem:n=120"
for round in 1 2; do
  timeout 120 $B --formats cusparse-alg1,cusparse-alg2 --reps 50 --csv $R/base-$round.csv $gens > $R/base-$round.txt 2>&1
  echo "cusparse $round $? $SECONDS"
  for L in 1 2 4 8; do
    timeout 120 $B --formats segspmv --param segspmv.length=$L --reps 50 --csv $R/L$L-$round.csv $gens > $R/L$L-$round.txt 2>&1
    echo "L$L $round $? $SECONDS"
  done
  timeout 120 $B --formats segspmv --reps 50 --csv $R/rule-$round.csv $gens > $R/rule-$round.txt 2>&1
  echo "rule $round $? $SECONDS"
  save
done
for r in 1 2; do
  for b in base final2 final3; do
    timeout 300 /tmp/b5/bench-$b --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 30 --pattern-values random \
      --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt --csv $R/real-$b-r$r.csv gen:qcd:L=8 gen:stencil27:n=40 \
      > $R/real-$b-r$r.txt 2>&1
    echo "real $b r$r: $? at ${SECONDS}s"; save
  done
done
