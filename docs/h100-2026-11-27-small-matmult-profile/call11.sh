set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
xz -dc .runtime/proto/bench-old.xz > /tmp/bench-old; chmod +x /tmp/bench-old
timeout 300 ctest --test-dir build-cuda-petsc -R "reorder|rcm|adaptive_matrix" --output-on-failure > $OUT/r/ctest-reorder.txt 2>&1; echo "ctest reorder: $? $(grep 'tests passed' $OUT/r/ctest-reorder.txt)"
for k in 1 2; do
  for b in new old; do
    B=build-cuda-petsc/examples/aijadaptive-bench; [ $b = old ] && B=/tmp/bench-old
    timeout 200 $B --formats auto,inode,suraa,ipcsr,csr,cusparse-alg1 --reorder rcm --reps 50 gen:fem:n=70 gen:fem:n=100 gen:fem:n=120 > $OUT/r/fem-$b-$k.txt 2>&1
    echo "fem $b ($k): $? $(grep -E '^matrix|^  [a-z]' $OUT/r/fem-$b-$k.txt | awk '/^matrix/{printf "| %s ", $2} /^  [a-z]/{printf "%s %s  ", $1, $5}')"
  done
done
tar czf $OUT/call11.tar.gz -C $OUT r && rm -rf $OUT/r
