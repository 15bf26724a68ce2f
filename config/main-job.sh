#!/usr/bin/env bash
# The main job from a fresh Debian 12 machine: dependencies, build, then the
# 3D Poisson solve with aijadaptive and plain AIJ. Arguments go to the solver,
# e.g. ./config/main-job.sh -n 160 (4.1M rows) or -f matrix.mtx.
# The build says what it does in a line per step; its full output goes to
# $AIJADAPTIVE_LOG (default <build>/aijadaptive-build.log), whose end is
# printed if it fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
export AIJADAPTIVE_LOG=${AIJADAPTIVE_LOG:-$build/aijadaptive-build.log}
"$root/config/build.sh"
solver=$build/examples/aijadaptive-poisson
echo "aijadaptive: running $solver $*"
exec "$solver" "$@"
