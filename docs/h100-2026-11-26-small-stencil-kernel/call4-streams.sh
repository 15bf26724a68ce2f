# Session 34, call 4 (H100): where PETSc's 27-point MatMult spends its GPU time beyond the kernel:
# the legacy default stream against a non-blocking one (prototype and PETSc's own option).
set -uo pipefail
mkdir -p /tmp/o
STREAMS_ONLY=1 .runtime/proto/desc_kernels 24 > /tmp/o/proto-streams.txt 2>&1
source config/gpu/run.sh cudapetsc /work/main >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
P=build-cuda-petsc/examples/aijadaptive-poisson
for r in a b; do
  for st in default nonblocking; do
    for s in 7 27; do
      export PETSC_OPTIONS="-use_gpu_aware_mpi 0"; [ $st = nonblocking ] && export PETSC_OPTIONS="-use_gpu_aware_mpi 0 -root_device_context_stream_type nonblocking"
      timeout 60 $P -n 24 -stencil $s -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/o/petsc-$s-$st-$r.txt 2>&1
    done
  done
done
which nsys > /tmp/o/nsys.txt 2>&1
tar czf $OUT/call4.tgz -C /tmp o
