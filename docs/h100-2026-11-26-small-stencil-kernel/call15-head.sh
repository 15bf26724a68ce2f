# Session 34, call 15 (H100): HEAD's poisson example (WaitFor) with CUDA vectors, and its PETSc GPU tests.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main >/dev/null 2>&1
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p /tmp/o15
P=build-cuda-petsc/examples/aijadaptive-poisson
for s in 7 27; do timeout 60 $P -n 24 -stencil $s -types aijadaptive -mult_reps 100 -ksp_max_it 5 > /dev/null 2>&1; done
for k in 1 2; do for s in 7 27; do
  timeout 60 $P -n 24 -stencil $s -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/o15/petsc-$s-$k.txt 2>&1
  echo "$s $k:"; grep -A3 interleaved /tmp/o15/petsc-$s-$k.txt | tail -3
done; done
timeout 200 ctest --test-dir build-cuda-petsc -R 'main_job|mtx|timeline' -j 4 --output-on-failure > /tmp/o15/ctest-examples.txt 2>&1; grep -E 'tests passed|Failed|No tests' /tmp/o15/ctest-examples.txt
tar czf $OUT/call15.tgz -C /tmp o15
