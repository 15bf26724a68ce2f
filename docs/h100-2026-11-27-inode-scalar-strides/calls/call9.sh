set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
cp build-cuda-petsc/plugin/libpetscaijadaptive.so .runtime/unpacked/cudapetsc-libs/lib/
mkdir -p $OUT/r
B=build-cuda-petsc/examples/aijadaptive-bench
timeout 60 $B --reps 50 --renumber rcm --formats auto,suraa,cusparse-alg1 gen:fem:n=100 > $OUT/r/bench-renumber-n100.txt 2>&1
echo "bench rc $?"; grep -E "^  (auto|suraa|inode|cusparse)" $OUT/r/bench-renumber-n100.txt | awk '{printf " | %s %s %s", $1, $5, $(NF-2)}'; echo
timeout 420 ctest --test-dir build-cuda-petsc -L gpu -j 4 --output-on-failure > $OUT/r/ctest-gpu.txt 2>&1; echo "ctest gpu: $? $(grep 'tests passed' $OUT/r/ctest-gpu.txt)"
grep -E "Failed|\*\*\*" $OUT/r/ctest-gpu.txt | head
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
