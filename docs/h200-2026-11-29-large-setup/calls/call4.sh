#!/usr/bin/env bash
# Call 4 (stop 57): the GPU tests of the three formats whose host builds changed (segspmv, argcsr,
# suraa; new build); the set-up of large matrices, HEAD 317acb9 ("old") against this stop's build
# ("new", 7391cda), in one call: aijadaptive-bench --setup-reps 5 --formats
# suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 (each method's set-up of median total of 5
# fresh ones, cuSPARSE's upload + preprocessing the same way in the same process), old and new in
# turn, three rounds; then aijadaptive-setup-timing MATRIX 10 format=F (new build) for the steps.
# Carry: .runtime/s4 (xz of both builds' aijadaptive-bench, the new build's aijadaptive-setup-timing
# and test_{segspmv,argcsr,suraa}_gpu, and the libraries the benchmark needs, gpu-libs.tar.xz, from ../shared/tools/pack-runtime).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s4/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s4/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
for t in test_segspmv_gpu test_argcsr_gpu test_suraa_gpu; do
  timeout 150 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t $? $SECONDS"; tail -1 /tmp/r/$t.txt
done
C1=gen:circuit:n=1000000,long=16,len=50000
C4=gen:circuit:n=4000000,long=16,len=200000
R18=gen:rmat:scale=18,ef=16
R21=gen:rmat:scale=21,ef=16
S27=gen:stencil27:n=40
F3=gen:fem:n=40,dof=3
LR=gen:longrows:n=200000,count=8,len=65536
LR2=gen:longrows:n=2000000,count=64,len=131072
for round in 1 2 3; do
  for b in old new; do
    timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 \
      --reps 10 --pattern-values random --csv /tmp/r/setup-$b-$round.csv $C1 $C4 $R18 $R21 $S27 $F3 $LR $LR2 \
      > /tmp/r/setup-$b-$round.txt 2>&1
    echo "bench $round $b $? $SECONDS"
  done
done
for c in suraa@$C1 segspmv@$C1 argcsr@$C1 suraa@$C4 segspmv@$C4 argcsr@$C4; do
  echo "== round 1 new $c" >> /tmp/r/steps.txt
  timeout 60 /tmp/setup-new "${c#*@}" 10 format="${c%%@*}" >> /tmp/r/steps.txt 2>&1
  echo "steps $c $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
