set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache
for k in 1 2; do
for m in gen:fem:n=120 gen:fem:n=100; do
  for b in head evict; do
    B=build-cuda-petsc/examples/aijadaptive-bench; [ $b = evict ] && B=.runtime/proto/bench-evict-last
    f=$OUT/r/$b-$(echo $m | tr ':=,' '___')-$k.txt
    timeout 240 $B --reorder rcm --reps 50 --formats suraa,inode,csr,cusparse-alg1 $m > $f 2>&1
    echo "$b $m ($k): $? $(grep -E '^  [a-z]' $f | awk '{printf "%s %s  ", $1, $5}')"
  done
done
done
tar czf $OUT/call9.tar.gz -C $OUT r && rm -rf $OUT/r
