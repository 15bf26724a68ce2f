set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-cuda-petsc/examples/aijadaptive-bench
for spec in gen:fem:n=70 gen:fem:n=100 gen:fem:n=120 gen:fem:n=120,block=5000 gen:fem:n=120,block=20000 gen:fem:n=60,dof=3; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/bench-$tag.txt
  timeout 120 $B --reps 50 --formats auto,inode,suraa,ipcsr,cusparse-alg1,cusparse-alg2 $spec > $f 2>&1
  printf "%-22s rc %s" $tag $?; grep -E "^  (auto|suraa|inode|ipcsr|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done
f=$OUT/r/bench-renumber.txt
timeout 120 $B --reps 50 --renumber rcm --formats auto,inode,suraa,cusparse-alg1,cusparse-alg2 gen:fem:n=120 > $f 2>&1
printf "%-22s rc %s" renumber $?; grep -E "^  (auto|suraa|inode|ipcsr|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
timeout 420 ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"
grep -E "Failed|\*\*\*" $OUT/r/ctest-gpu.txt | head
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
