#!/usr/bin/env bash
# Call 8: the deferred set-up through PETSc (Debian PETSc 3.18, host vectors page-locked, the CI build of c61e27a):
# products and reassemblies against AIJ with a takeover at product 2 or when ready, and the view line.
set -uo pipefail
cd "$(dirname "$0")/.."
source config/gpu/run.sh ci /tmp/ci-clone
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/ci-clone/build
D="-mat_aijadaptive_reorder rcm -mat_aijadaptive_defer_min_nnz 0"
for k in 2 0; do
  echo "== test_mat_ops np2 takeover $k"; timeout 120 mpiexec -n 2 $B/tests/test_mat_ops -require_gpu $D -mat_aijadaptive_defer_takeover $k 2>&1 | tail -2
  echo "== test_reassembly np3 takeover $k"; timeout 150 mpiexec -n 3 $B/tests/test_reassembly -require_gpu $D -mat_aijadaptive_defer_takeover $k 2>&1 | tail -2
done
echo "== test_ksp np2 (not deferred: too small to reorder under auto)"; timeout 120 mpiexec -n 2 $B/tests/test_ksp -require_gpu -mat_aijadaptive_defer_min_nnz 0 2>&1 | tail -1
echo "== view"; timeout 60 $B/tests/plain_solver -dll_append $B/plugin/libpetscaijadaptive.so -mat_type aijadaptive $D -mat_view ::ascii_info 2>&1 | grep -E "set-up deferred|iterations|aijadaptive:" | head -8
