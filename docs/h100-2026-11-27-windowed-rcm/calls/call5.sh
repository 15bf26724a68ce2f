set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
timeout 200 ctest --test-dir build-cuda-petsc -R "reorder|rcm|adaptive_matrix|bench_renumber" --output-on-failure > $OUT/r/ctest.txt 2>&1; echo "ctest: $? $(grep 'tests passed' $OUT/r/ctest.txt)"; grep -E "Failed|\*\*\*" $OUT/r/ctest.txt | head
show() { grep -E "^  [a-z]" $1 | awk '{printf "   %-22s %8s us %s %s\n", $1, $5, $(NF-2), $NF}'; }
for k in 1 2; do
for m in gen:fem:n=120 gen:fem:n=120,block=5000 gen:fem:n=100 gen:fem:n=70; do
for b in old new; do
  [ $SECONDS -gt 450 ] && continue
  f=$OUT/r/$b-$(echo $m | tr ':=,' '___')-$k.txt
  timeout 100 .runtime/s36/bench-$b --reps 50 --formats auto,suraa,inode,ipcsr,csr,cusparse-alg1 $m > $f 2>&1
  echo "== $b $m ($k): $?"; show $f
done; done; done
grep -h "reordered" $OUT/r/new-gen_fem_n_120-1.txt | head -3 | cut -c1-400
tar czf $OUT/call5.tar.gz -C $OUT r && rm -rf $OUT/r
