#!/usr/bin/env bash
# The whole test suite from a fresh Debian 12 machine: dependencies, build,
# ctest. GPU tests report "skipped" where there is no GPU.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/config/build.sh"
ctest --test-dir "${BUILD_DIR:-$root/build}" --output-on-failure "$@"
