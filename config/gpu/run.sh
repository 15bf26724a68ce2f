#!/usr/bin/env bash
# On the GPU machine, in the repository root: unpacks what config/gpu/pack.sh
# made and makes the build tree's absolute paths valid there.
# Usage: source config/gpu/run.sh NAME ORIGINAL_ROOT   (then run ctest or binaries)
name=$1
orig=$2
here=$(pwd)
mkdir -p "$(dirname "$orig")"
[ -e "$orig" ] || ln -s "$here" "$orig"
mkdir -p .runtime/unpacked
tar xJf ".runtime/$name-libs.tar.xz" -C .runtime/unpacked
tar xJf ".runtime/$name-tree.tar.xz" -C "$here"
source ".runtime/unpacked/$name-libs/env.sh"
# The tree names /usr/bin/cmake and /usr/bin/mpiexec; use the machine's own.
for tool in cmake mpiexec; do
  [ -x "/usr/bin/$tool" ] || ln -sf "$(command -v $tool)" "/usr/bin/$tool"
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0
