#!/usr/bin/env bash
# The main job from a fresh Debian 12 machine: dependencies, build, then the
# 3D Poisson solve with aijadaptive and plain AIJ. Arguments go to the solver,
# e.g. ./config/main-job.sh -n 160 (4.1M rows) or -f matrix.mtx.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/config/build.sh" > "${TMPDIR:-/tmp}/aijadaptive-build.log" 2>&1 || {
  cat "${TMPDIR:-/tmp}/aijadaptive-build.log"; exit 1; }
exec "${BUILD_DIR:-$root/build}/examples/aijadaptive-poisson" "$@"
