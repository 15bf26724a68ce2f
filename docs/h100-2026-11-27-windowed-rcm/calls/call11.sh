set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
timeout 300 ctest --test-dir build-cuda-petsc -R "reorder|rcm|adaptive_matrix|format_list" --output-on-failure > /tmp/ct.txt 2>&1; echo "ctest: $? $(grep 'tests passed' /tmp/ct.txt)"; grep -E "\*\*\*Failed|Failed  " /tmp/ct.txt | head
timeout 100 build-cuda-petsc/examples/aijadaptive-bench --reps 50 --formats auto,cusparse-alg1 gen:fem:n=120 > /tmp/b.txt 2>&1; echo "bench rc $?"; grep -E "^  (auto|cusparse)" /tmp/b.txt | awk '{printf "%s %s us %s\n", $1, $5, $(NF-2)}'
