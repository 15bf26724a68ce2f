set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p $OUT/r .runtime/b; tar xJf .runtime/s38/benches4.tar.xz -C .runtime/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
for k in 1 2 3; do
for spec in gen:fem:n=120 gen:fem:n=70; do
for b in head final; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 120 .runtime/b/bench-$b --reps 30 --formats auto,cusparse-alg1 $spec > $f 2>&1
  printf "%-18s rc %s" $b-$tag-$k $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s %s %s", $1, $3, $4, $5}'; echo
done; done; done
timeout 300 ctest --test-dir build-cuda-petsc -R 'reorder|adaptive_matrix|inode|thread' -j 4 --output-on-failure > $OUT/r/ctest.txt 2>&1; echo "ctest: $? $(grep 'tests passed' $OUT/r/ctest.txt)"
grep -E "Failed|\*\*\*" $OUT/r/ctest.txt | head
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
