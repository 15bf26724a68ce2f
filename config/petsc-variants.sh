#!/usr/bin/env bash
# The tests once more against Debian's other PETSc 3.18 builds (CI runs it
# after config/sanitize.sh), each a build of its own without CUDA:
#   64-bit indices   ./build-petsc64: the petsc tests (the host tests do not
#                    depend on PETSc's index type: the main build ran them)
#   complex scalars  ./build-complex: the host tests (the core built for
#                    complex values too) and the petsc tests
# $VARIANTS_BUILD_ROOT puts the build folders elsewhere. Extra arguments go to ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
builds=${VARIANTS_BUILD_ROOT:-$root}
"$root/config/install-deps.sh" libpetsc64-real3.18-dev libpetsc-complex3.18-dev

status=0
# variant BUILD_NAME PETSC_DIR CTEST_LABELS [ctest arguments...]
variant() {
  local build=$builds/$1 petsc=$2 labels=$3
  shift 3
  echo "petsc-variants: $petsc in $build"
  cmake -S "$root" -B "$build" -DAIJADAPTIVE_ENABLE_CUDA=OFF -DPETSC_DIR="$petsc"
  cmake --build "$build" -j "$(nproc)"
  ctest --test-dir "$build" -L "$labels" --output-on-failure "$@" || status=1
}
variant build-petsc64 /usr/lib/petscdir/petsc64-3.18/x86_64-linux-gnu-real petsc "$@"
variant build-complex /usr/lib/petscdir/petsc3.18/x86_64-linux-gnu-complex "host|petsc" "$@"
exit $status
