#!/usr/bin/env bash
# Installs what is missing, configures and builds into ./build (or $BUILD_DIR).
# Extra arguments go to CMake (e.g. -DAIJADAPTIVE_ENABLE_CUDA=OFF).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/config/install-deps.sh"
cmake -S "$root" -B "$build" "$@"
cmake --build "$build" -j "$(nproc)"
