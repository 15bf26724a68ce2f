set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p $OUT/r .runtime/b; tar xJf .runtime/s38/benches3.tar.xz -C .runtime/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
for k in 1 2; do for b in old new; do echo "== setup-$b gen:fem:n=120 ($k)"; .runtime/b/setup-$b gen:fem:n=120 2>&1; done; done
for k in 1 2; do
for spec in gen:fem:n=120 gen:fem:n=70 gen:fem:n=100,block=5000 gen:fem:n=100,block=20000 gen:fem:n=48 gen:fem:n=100,block=100000000; do
for b in head new; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 120 .runtime/b/bench-$b --reps 30 --formats auto,cusparse-alg1 $spec > $f 2>&1
  printf "%-28s rc %s" $b-$tag-$k $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s %s %s", $1, $3, $4, $5}'; grep -o 'inode: [0-9]* slices[^;]*' $f | head -1 | sed 's/^/ | /'; echo
done; done; done
timeout 420 ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"
grep -E "Failed|\*\*\*" $OUT/r/ctest-gpu.txt | head
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
