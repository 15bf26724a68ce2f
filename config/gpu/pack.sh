#!/usr/bin/env bash
# Packs a build tree for a GPU machine that has CUDA and OpenMPI but no PETSc:
#   .runtime/<name>-libs.tar.xz   PETSc and its libraries (../shared/tools/pack-runtime)
#   .runtime/<name>-tree.tar.xz   the build tree without object files (ctest runs in it)
# Usage: config/gpu/pack.sh BUILD_DIR NAME     (.runtime/ is git-ignored; carry it)
# TREE_EXCLUDE: tar patterns left out of the tree (binaries a call does not
# need, when the carry would pass 64 MiB), e.g. TREE_EXCLUDE="test_dia test_ipcsr".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
name=$2
pack=${PACK_RUNTIME:-$root/../shared/tools/pack-runtime}
mkdir -p "$root/.runtime"
bins=$(find "$build" -type f -perm -u+x \( -name 'test_*' -o -name 'aijadaptive-*' -o -name plain_solver \) -not -path '*/CMakeFiles/*')
"$pack" "$root/.runtime/$name-libs" $bins "$build/plugin/libpetscaijadaptive.so" >/dev/null
# The binaries travel in the tree (ctest runs them there): the libraries only,
# which halves the carry of a build with every value type.
rm -rf "$root/.runtime/$name-libs/bin"
tar cf - -C "$root/.runtime" "$name-libs" | xz -9 -T0 >"$root/.runtime/$name-libs.tar.xz"
rm -rf "$root/.runtime/$name-libs"
read -r -a patterns <<<"${TREE_EXCLUDE:-}"  # split on blanks, not expanded as globs here
excludes=()
for pattern in "${patterns[@]}"; do excludes+=("--exclude=$pattern"); done
tar cf - -C "$(dirname "$build")" --exclude='*.o' --exclude='*.a' --exclude='CMakeFiles' --exclude='Testing' \
  --exclude='matrices' "${excludes[@]}" "$(basename "$build")" | xz -9 -T0 >"$root/.runtime/$name-tree.tar.xz"
ls -la "$root/.runtime"
