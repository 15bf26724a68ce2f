set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p $OUT/r .runtime/s37; tar xJf .runtime/s37b/benches.tar.xz -C .runtime/s37
cp build-cuda-petsc/examples/aijadaptive-bench .runtime/s37/bench-new
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
build-cuda-petsc/tests/test_inode_gpu > $OUT/r/test_inode_gpu.txt 2>&1; echo "test_inode_gpu rc $? $(grep -E 'PASSED|FAILED' $OUT/r/test_inode_gpu.txt | tr '\n' ' ')"
compute-sanitizer --tool memcheck --error-exitcode 3 build-cuda-petsc/tests/test_inode_gpu --gtest_filter='*ScalarRows*:*EveryParameterSet/0' > $OUT/r/memcheck.txt 2>&1; echo "memcheck rc $? $(grep -E 'ERROR SUMMARY|PASSED|FAILED' $OUT/r/memcheck.txt | tr '\n' ' ')"
for k in 1 2; do
for spec in gen:fem:n=120 gen:fem:n=100 gen:fem:n=70 gen:fem:n=120,block=5000 gen:fem:n=120,block=20000; do
for b in head new; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --formats auto,inode,suraa,cusparse-alg1,cusparse-alg2 $spec > $f 2>&1
  printf "%-26s rc %s" $b-$tag-$k $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done; done; done
for b in head new; do f=$OUT/r/$b-noreorder.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --reorder none --formats inode,suraa,cusparse-alg1 gen:fem:n=120 > $f 2>&1
  printf "%-26s rc %s" $b-noreorder $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done
timeout 400 ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"
grep -E "Failed|\*\*\*" $OUT/r/ctest-gpu.txt | head
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
