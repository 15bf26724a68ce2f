set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/r/gpu.txt
run() { # NAME BENCH SPEC
  local f=$OUT/r/$1.txt
  timeout 100 .runtime/s36/bench-$2 --reps 50 --formats auto,suraa,inode,cusparse-alg1,cusparse-alg2 $3 > $f 2>&1
  printf "%-22s rc %s" $1 $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s %s", $1, $5, $(NF-2)}'; echo
}
for k in 1 2; do
  specs="gen:fem:n=120 gen:fem:n=120,block=5000"; [ $k = 1 ] && specs="$specs gen:fem:n=120,block=20000 gen:fem:n=100 gen:fem:n=70"
  for spec in $specs; do
    tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g')
    run old-$tag-$k old $spec; run new-$tag-$k new $spec
  done
done
echo "bench done at $SECONDS s"
timeout $((540 - SECONDS)) ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"; grep -E "\*\*\*|Failed  " $OUT/r/ctest-gpu.txt | head -20
tar czf $OUT/call7.tar.gz -C $OUT r && rm -rf $OUT/r
