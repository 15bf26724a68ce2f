#!/usr/bin/env bash
# The petsc tests once more against Debian's PETSc 3.18 with 64-bit indices
# (CI runs it after config/sanitize.sh): a build of its own without CUDA
# (./build-petsc64, or $PETSC64_BUILD_DIR). Extra arguments go to ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${PETSC64_BUILD_DIR:-$root/build-petsc64}
"$root/config/install-deps.sh" libpetsc64-real3.18-dev

cmake -S "$root" -B "$build" -DAIJADAPTIVE_ENABLE_CUDA=OFF \
  -DPETSC_DIR=/usr/lib/petscdir/petsc64-3.18/x86_64-linux-gnu-real
cmake --build "$build" -j "$(nproc)"
# The host tests do not depend on PETSc's index type: the main build ran them.
ctest --test-dir "$build" -L petsc --output-on-failure "$@"
