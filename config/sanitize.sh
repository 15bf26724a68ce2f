#!/usr/bin/env bash
# The host tests once more under AddressSanitizer and UndefinedBehaviorSanitizer
# (CI runs it after config/test.sh): a build of its own without CUDA
# (./build-asan, or $ASAN_BUILD_DIR), every finding an error, then CTest's
# host and petsc labels (the gpu tests need a GPU; the fuzz corpus and crash
# inputs are replayed among the host tests). Extra arguments go to ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ASAN_BUILD_DIR:-$root/build-asan}
"$root/config/install-deps.sh"

# -O1: the sanitizers' usual level (readable reports, a quicker build);
# no NDEBUG, so asserts are checked too.
flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
cmake -S "$root" -B "$build" -DAIJADAPTIVE_ENABLE_CUDA=OFF -DCMAKE_BUILD_TYPE=Sanitize \
  -DCMAKE_C_FLAGS_SANITIZE="$flags" -DCMAKE_CXX_FLAGS_SANITIZE="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS_SANITIZE="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS_SANITIZE="-fsanitize=address,undefined"
cmake --build "$build" -j "$(nproc)"

export ASAN_OPTIONS=${ASAN_OPTIONS:-}
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
status=0
# Leaks are errors in the host tests. The petsc tests all run under mpiexec:
# Open MPI keeps memory until exit and unloads its components before
# LeakSanitizer looks, so those reports name no library that a suppression
# could match ("<unknown module>"): leak checking is off for them only.
ctest --test-dir "$build" -L host --output-on-failure "$@" || status=1
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" ctest --test-dir "$build" -L petsc --output-on-failure "$@" || status=1
exit $status
