set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
for spec in gen:fem:n=120 gen:fem:n=70; do
  f=$OUT/r/bench-$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g').txt
  timeout 100 build-cuda-petsc/examples/aijadaptive-bench --reps 50 --formats auto,cusparse-alg1,cusparse-alg2 $spec > $f 2>&1
  printf "%-16s rc %s" $spec $?; grep -E "^  (auto|cusparse)" $f | awk '{printf " | %s %s %s", $1, $5, $(NF-2)}'; echo
done
timeout 480 ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"; grep -E "\*\*\*|Failed  " $OUT/r/ctest-gpu.txt | head -20
tar czf $OUT/call9.tar.gz -C $OUT r && rm -rf $OUT/r
