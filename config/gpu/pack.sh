#!/usr/bin/env bash
# Packs a build tree for a GPU machine that has CUDA and OpenMPI but no PETSc:
#   .runtime/<name>-libs.tar.xz   PETSc and its libraries (../shared/tools/pack-runtime)
#   .runtime/<name>-tree.tar.xz   the build tree without object files (ctest runs in it)
# Usage: config/gpu/pack.sh BUILD_DIR NAME     (.runtime/ is git-ignored; carry it)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
name=$2
pack=${PACK_RUNTIME:-$root/../shared/tools/pack-runtime}
mkdir -p "$root/.runtime"
bins=$(find "$build" -type f -perm -u+x \( -name 'test_*' -o -name 'aijadaptive-*' -o -name plain_solver \) -not -path '*/CMakeFiles/*')
"$pack" "$root/.runtime/$name-libs" $bins "$build/plugin/libpetscaijadaptive.so" >/dev/null
rm -rf "$root/.runtime/$name-libs"
tar cJf "$root/.runtime/$name-tree.tar.xz" -C "$(dirname "$build")" \
  --exclude='*.o' --exclude='*.a' --exclude='CMakeFiles' --exclude='Testing' --exclude='matrices' "$(basename "$build")"
ls -la "$root/.runtime"
