# Session 34, call 9 (H100): the floor of a MatMult through PETSc: the 27-point stencil from 4^3 to 24^3.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main >/dev/null 2>&1
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p /tmp/o
P=build-cuda-petsc/examples/aijadaptive-poisson
for n in 4 8 12 16 24; do timeout 60 $P -n $n -stencil 27 -types aijadaptive -mult_reps 100 -ksp_max_it 5 > /dev/null 2>&1; done
for r in 1 2; do
  for n in 4 8 12 16 24; do
    timeout 60 $P -n $n -stencil 27 -types aijadaptive,aijcusparse,sellcuda -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/o/petsc-27-n$n-$r.txt 2>&1
  done
done
for n in 4 8 12 16 24; do echo "n=$n"; for r in 1 2; do grep -A3 interleaved /tmp/o/petsc-27-n$n-$r.txt | tail -3; grep 'format' /tmp/o/petsc-27-n$n-$r.txt | head -1; done; done
tar czf $OUT/call9.tgz -C /tmp o
