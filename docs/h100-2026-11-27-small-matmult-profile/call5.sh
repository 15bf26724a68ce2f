set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache
B=build-cuda-petsc/examples/aijadaptive-bench
timeout 200 ctest --test-dir build-cuda-petsc -R "bench_host_vectors" --output-on-failure > $OUT/r/ctest-host-vectors.txt 2>&1; echo "ctest host vectors: $? $(grep 'tests passed' $OUT/r/ctest-host-vectors.txt)"
i=0
for m in gen:stencil27:n=160 gen:stencil7:n=200 gen:stencil5:n=3000 gen:stencil9:n=2000 gen:fem:n=120 gen:rmat:scale=21,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:qcd:L=16 gen:dia1:n=4000000,k=7 gen:dia2:n=3000000,k=9 gen:dia3:n=3000000,k=11,seg=4096 gen:longrows:n=2000000,count=64,len=131072,short=8 gen:stencil7:n=160; do
  i=$((i+1))
  for min in 4 -1; do
    [ $SECONDS -gt 480 ] && { echo "skipped $m $min (time)"; continue; }
    timeout 240 $B --vectors host --stream-min-mib $min --reps 20 --warmup 3 --formats auto --copy-mib 1024 $m > $OUT/r/hv-$i-$min.txt 2>&1
    echo "$m stream-min $min: $? $(grep -E '^  auto' $OUT/r/hv-$i-$min.txt | awk '{print $1, $6, $NF}' | tr '\n' ' ')"
  done
done
tar czf $OUT/call5.tar.gz -C $OUT r && rm -rf $OUT/r
