set -uo pipefail
mkdir -p $OUT/r
root=$(pwd)
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
P=build-cuda-petsc/examples/aijadaptive-poisson
B=build-cuda-petsc/examples/aijadaptive-bench
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $OUT/r/gpu.txt
# warm the kernel cache (both lane counts)
for st in 7 27; do for l in auto 1; do timeout 120 $P -n 24 -stencil $st -types aijadaptive -mult_reps 100 -ksp_max_it 5 -mat_aijadaptive_brcsd1_row_lanes $l > /dev/null 2>&1; done; done
timeout 300 ctest --test-dir build-cuda-petsc -R "dia|brcsd" -L gpu -j 4 --output-on-failure > $OUT/r/ctest-diagonal.txt 2>&1; echo "ctest diagonal: $? $(grep 'tests passed' $OUT/r/ctest-diagonal.txt)"
timeout 300 compute-sanitizer --tool memcheck build-cuda-petsc/tests/test_brcsd2_gpu --gtest_filter='*TwoLanes*' > $OUT/r/memcheck.txt 2>&1; echo "memcheck: $? $(grep -E 'ERROR SUMMARY|PASSED|FAILED' $OUT/r/memcheck.txt | tr '\n' ' ')"
for k in 1 2; do for l in 1 auto; do
  timeout 200 $B --graphs 1 --reps 2000 --formats dia,brcsd1,auto,cusparse-alg1 --param dia.row_lanes=$l --param brcsd1.row_lanes=$l gen:stencil27:n=24 gen:stencil7:n=24 gen:stencil27:n=16 gen:stencil27:n=32 > $OUT/r/bench-$l-$k.txt 2>&1
  echo "bench lanes $l ($k): $?"; grep -E "^matrix|^  (dia|brcsd1|auto|cusparse)|back to back" $OUT/r/bench-$l-$k.txt | sed -E 's/products with device.*//' | cut -c1-130
done; done
for k in 1 2 3; do for st in 27 7; do for l in 1 auto; do
  timeout 120 $P -n 24 -stencil $st -types aijadaptive,sellcuda,aijcusparse -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 -mat_aijadaptive_brcsd1_row_lanes $l -mat_view ::ascii_info > $OUT/r/petsc-$st-$l-$k.txt 2>&1
  echo "petsc $st lanes $l ($k): $?"; grep -A3 interleaved $OUT/r/petsc-$st-$l-$k.txt | tail -3
done; done; done
timeout 200 $B --reps 200 --formats auto,cusparse-alg1 gen:stencil27:n=128 gen:stencil7:n=160 > $OUT/r/bench-large.txt 2>&1; echo "large: $?"; grep -E "^matrix|^  (auto|cusparse)" $OUT/r/bench-large.txt | cut -c1-130
timeout 400 ctest --test-dir build-cuda-petsc -L gpu -j 4 > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"
tar czf $OUT/call3.tar.gz -C $OUT r && rm -rf $OUT/r
