# Session 34, call 8 (H100): before (HEAD af92e64, .runtime/before) against after (this session's
# generated diagonal kernels), alternating processes, through PETSc and in the benchmark; memcheck.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main >/dev/null 2>&1
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
L=.runtime/unpacked/cudapetsc-libs/lib
cp build-cuda-petsc/plugin/libpetscaijadaptive.so /tmp/after.so
mkdir -p /tmp/o
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/gpu.txt
P=build-cuda-petsc/examples/aijadaptive-poisson
# warm the kernel cache for both (the first process would otherwise time the generic kernel)
for v in after before; do
  if [ $v = before ]; then cp .runtime/before/libpetscaijadaptive.so $L/; else cp /tmp/after.so $L/; fi
  for s in 7 27; do timeout 60 $P -n 24 -stencil $s -types aijadaptive -mult_reps 100 -ksp_max_it 5 > /dev/null 2>&1; done
done
for r in 1 2 3 4; do
  for v in before after; do
    if [ $v = before ]; then cp .runtime/before/libpetscaijadaptive.so $L/; else cp /tmp/after.so $L/; fi
    for s in 7 27; do
      timeout 60 $P -n 24 -stencil $s -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/o/petsc-$s-$v-$r.txt 2>&1
    done
  done
done
cp /tmp/after.so $L/
for r in 1 2; do
  for v in before after; do
    b=build-cuda-petsc/examples/aijadaptive-bench; [ $v = before ] && b=.runtime/before/aijadaptive-bench
    timeout 60 $b --graphs 1 --reps 2000 --formats dia,brcsd1,cusparse-alg1 gen:stencil27:n=24 gen:stencil7:n=24 > /tmp/o/bench-small-$v-$r.txt 2>&1
  done
done
for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu; do
  timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 build-cuda-petsc/tests/$t --gtest_filter='*/0.*' > /tmp/o/memcheck-$t.txt 2>&1; echo "$t memcheck rc $?" >> /tmp/o/memcheck.txt
done
cat /tmp/o/memcheck.txt
tar czf $OUT/call8.tgz -C /tmp o
