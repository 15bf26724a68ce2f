#!/usr/bin/env bash
# Call 1 (stop 57): HEAD 317acb9 ("old") against this stop's build ("new"), in one call:
# - the GPU tests of the two formats changed (suraa, segspmv), new build;
# - the set-up of large matrices: aijadaptive-bench --setup-reps 5 (the set-up of median total of 5
#   fresh ones, cuSPARSE's upload + preprocessing the same way in the same process), old then new;
# - suraa's products (its long rows' chunk sums): aijadaptive-bench --formats
#   suraa,cusparse-alg1,cusparse-alg2 --reps 50, old and new in turn, two rounds.
# Carry: .runtime/s1 (xz of both builds' aijadaptive-bench and aijadaptive-setup-timing, the new
# build's test_suraa_gpu and test_segspmv_gpu, and the libraries the benchmark needs,
# gpu-libs.tar.xz, from ../shared/tools/pack-runtime).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s1/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
for t in test_suraa_gpu test_segspmv_gpu; do
  timeout 150 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t $? $SECONDS"; tail -3 /tmp/r/$t.txt
done
C1=gen:circuit:n=1000000,long=16,len=50000
C4=gen:circuit:n=4000000,long=16,len=200000
R18=gen:rmat:scale=18,ef=16
S27=gen:stencil27:n=40
F3=gen:fem:n=40,dof=3
LR=gen:longrows:n=200000,count=8,len=65536
LR2=gen:longrows:n=2000000,count=64,len=131072
for b in old new; do
  timeout 150 /tmp/bench-$b --formats suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 --reps 10 \
    --pattern-values random --csv /tmp/r/setup-bench-$b.csv $C1 $C4 $R18 $S27 $F3 $LR > /tmp/r/setup-bench-$b.txt 2>&1
  echo "setup bench $b $? $SECONDS"
done
for round in 1 2; do
  for b in old new; do
    timeout 90 /tmp/bench-$b --formats suraa,cusparse-alg1,cusparse-alg2 --reps 50 --pattern-values random \
      --csv /tmp/r/suraa-$b-$round.csv $C4 $LR2 $C1 $R18 > /tmp/r/suraa-$b-$round.txt 2>&1
    echo "suraa $round $b $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
