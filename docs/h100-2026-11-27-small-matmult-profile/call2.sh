set -uo pipefail
mkdir -p $OUT/r
root=$(pwd)
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export PETSC_OPTIONS="-use_gpu_aware_mpi 0" XDG_CACHE_HOME=/tmp/cache
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
export LD_LIBRARY_PATH="$root/.runtime/trace:$LD_LIBRARY_PATH"
P=build-cuda-petsc/examples/aijadaptive-poisson
.runtime/proto/lane_split 24 > $OUT/r/lane_split-1.txt 2>&1; cat $OUT/r/lane_split-1.txt
for st in 27 7; do for type in aijadaptive sellcuda; do
  n=gpuonly-$st-$type
  AIJA_TRACE_API=0 CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/$n.csv timeout 120 $P -n 24 -stencil $st -types $type -mult_reps 2000 -mult_rounds 1 -ksp_max_it 20 > $OUT/r/$n-run.txt 2>&1
  python3 config/gpu/trace/timeline.py /tmp/$n.csv --count 1000 --show 1 > $OUT/r/trace-$n.txt 2>&1
  echo "== $n"; grep -A1 interleaved $OUT/r/$n-run.txt | tail -1; head -12 $OUT/r/trace-$n.txt
done; done
.runtime/proto/lane_split 24 > $OUT/r/lane_split-2.txt 2>&1; cat $OUT/r/lane_split-2.txt
for n in petsc-27-aijadaptive:"$P -n 24 -stencil 27 -types aijadaptive" petsc-7-aijadaptive:"$P -n 24 -stencil 7 -types aijadaptive" petsc-27-sellcuda:"$P -n 24 -stencil 27 -types sellcuda"; do
  name=${n%%:*}; cmd=${n#*:}
  CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/$name.csv timeout 120 $cmd -mult_reps 2000 -mult_rounds 1 -ksp_max_it 20 > $OUT/r/$name-run.txt 2>&1
  python3 config/gpu/trace/timeline.py /tmp/$name.csv --count 1000 --show 2 > $OUT/r/trace-$name.txt 2>&1
done
CUDA_INJECTION64_PATH=$root/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/bench.csv timeout 120 build-cuda-petsc/examples/aijadaptive-bench --graphs 1 --reps 2000 --formats dia gen:stencil7:n=24 > $OUT/r/bench-7-dia-run.txt 2>&1
python3 config/gpu/trace/timeline.py /tmp/bench.csv --count 1000 --show 2 > $OUT/r/trace-bench-7-dia.txt 2>&1
tar czf $OUT/call2.tar.gz -C $OUT r && rm -rf $OUT/r
