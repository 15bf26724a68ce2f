#!/usr/bin/env bash
# Call 6 (stop 57): HEAD 317acb9 ("old") against this stop's final build ("new", 600c73c), in one
# call: aijadaptive-bench --setup-reps 5 --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2
# on seven generated matrices and six real ones, old and new in turn, three rounds; then
# aijadaptive-setup-timing MATRIX 20 [format=F], old and new in turn, for the analysis's steps.
# Carry: .runtime/s6 (xz of both builds' aijadaptive-bench and aijadaptive-setup-timing, and the
# libraries the benchmark needs, gpu-libs.tar.xz, from ../shared/tools/pack-runtime), .runtime/m6
# (six .mtx.gz of ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s6/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s6/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
C1=gen:circuit:n=1000000,long=16,len=50000
C4=gen:circuit:n=4000000,long=16,len=200000
R18=gen:rmat:scale=18,ef=16
S27=gen:stencil27:n=40
F3=gen:fem:n=40,dof=3
LR=gen:longrows:n=200000,count=8,len=65536
Q12=gen:qcd:L=12
mats="$C1 $C4 $R18 $S27 $F3 $LR $Q12 $(ls .runtime/m6/*.mtx.gz)"
for round in 1 2 3; do
  for b in old new; do
    timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 \
      --reps 10 --pattern-values random --csv /tmp/r/setup-$b-$round.csv $mats > /tmp/r/setup-$b-$round.txt 2>&1
    echo "bench $round $b $? $SECONDS"
  done
done
for c in auto@$S27 segspmv@$S27 auto@$LR auto@$F3 auto@$C1; do
  f="${c%%@*}"; arg=(); [ "$f" != auto ] && arg=(format=$f)
  for b in old new; do
    echo "== round 1 $b $c" >> /tmp/r/steps.txt
    timeout 60 /tmp/setup-$b "${c#*@}" 20 "${arg[@]}" >> /tmp/r/steps.txt 2>&1
    echo "steps $b $c $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
