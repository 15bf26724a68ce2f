set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
B=build-cuda-petsc/examples/aijadaptive-bench
timeout 300 ctest --test-dir build-cuda-petsc -R "reorder|rcm|adaptive_matrix" --output-on-failure > $OUT/r/ctest-reorder.txt 2>&1; echo "ctest reorder: $? $(grep 'tests passed' $OUT/r/ctest-reorder.txt)"
timeout 300 compute-sanitizer --tool memcheck build-cuda-petsc/tests/test_reordering_gpu --gtest_filter='*RowMap*:*EveryFormat*/0' > $OUT/r/memcheck.txt 2>&1; echo "memcheck: $? $(grep -E 'ERROR SUMMARY|PASSED|FAILED' $OUT/r/memcheck.txt | tr '\n' ' ')"
for k in 1 2; do
for m in gen:fem:n=120 gen:fem:n=70 gen:fem:n=100; do
    f=$OUT/r/fem-$(echo $m | tr ':=,' '___')-$k.txt
    timeout 240 $B --reorder rcm --reps 50 --formats inode,suraa,ipcsr,segspmv,csr,auto,cusparse-alg1,cusparse-alg2 $m > $f 2>&1
    echo "$m ($k): $? $(grep -E '^  [a-z]' $f | awk '{printf "%s %s %s  ", $1, $5, $14}')"
done
done
tar czf $OUT/call8.tar.gz -C $OUT r && rm -rf $OUT/r
