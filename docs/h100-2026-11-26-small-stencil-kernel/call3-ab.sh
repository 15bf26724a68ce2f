# Session 34, call 3 (H100): generated diagonal kernels with computed block descriptors and
# select-guarded loads, against HEAD af92e64 (.runtime/before) in the same call.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main >/dev/null 2>&1
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
L=.runtime/unpacked/cudapetsc-libs/lib
NEW=build-cuda-petsc/plugin/libpetscaijadaptive.so; cp $NEW /tmp/after.so
nvidia-smi --query-gpu=name --format=csv,noheader > $OUT/gpu.txt
mkdir -p /tmp/o
for v in after before after before; do
  b=build-cuda-petsc/examples/aijadaptive-bench; [ $v = before ] && b=.runtime/before/aijadaptive-bench
  timeout 60 $b --graphs 1 --reps 2000 --formats dia,brcsd1,brcsd2,ipcsr,cusparse-alg1 gen:stencil27:n=24 gen:stencil7:n=24 > /tmp/o/bench-small-$v-$RANDOM.txt 2>&1
done
for v in after before; do
  b=build-cuda-petsc/examples/aijadaptive-bench; [ $v = before ] && b=.runtime/before/aijadaptive-bench
  timeout 120 $b --reps 200 --formats auto,dia,brcsd1,brcsd2,cusparse-alg1 gen:stencil27:n=128 gen:stencil7:n=160 > /tmp/o/bench-large-$v.txt 2>&1
done
P=build-cuda-petsc/examples/aijadaptive-poisson
for v in after before after before; do
  if [ $v = before ]; then cp .runtime/before/libpetscaijadaptive.so $L/; else cp /tmp/after.so $L/; fi
  for s in 7 27; do
    timeout 60 $P -n 24 -stencil $s -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/o/petsc-$s-$v-$RANDOM.txt 2>&1
  done
done
cp /tmp/after.so $L/
timeout 300 ctest --test-dir build-cuda-petsc -L gpu -j 4 --timeout 200 --output-on-failure > /tmp/o/ctest-gpu.txt 2>&1
tail -3 /tmp/o/ctest-gpu.txt
tar czf $OUT/call3.tgz -C /tmp o
