set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache
B=build-cuda-petsc/examples/aijadaptive-bench
timeout 100 ctest --test-dir build-cuda-petsc -R "bench_renumber|bench_host_vectors" --output-on-failure > $OUT/r/ctest-bench.txt 2>&1; echo "ctest bench: $? $(grep 'tests passed' $OUT/r/ctest-bench.txt)"
for k in 1 2; do
for m in gen:fem:n=120 gen:fem:n=60,dof=3; do
  for ren in none rcm; do
    [ $SECONDS -gt 500 ] && continue
    f=$OUT/r/fem-$(echo $m | tr ':=,' '___')-$ren-$k.txt
    timeout 240 $B --renumber $ren --reps 50 --formats inode,ipcsr,suraa,segspmv,csr,auto,cusparse-alg1,cusparse-alg2 $m > $f 2>&1
    echo "$m renumber $ren ($k): $?"; grep -E "^matrix|^  [a-z]" $f | awk '/^matrix/{print substr($0,1,90)} /^  [a-z]/{printf "   %-22s %8s us %6s %6s %s\n", $1, $5, $10, $13, $14}'
  done
done
done
tar czf $OUT/call6.tar.gz -C $OUT r && rm -rf $OUT/r
