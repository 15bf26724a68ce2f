#!/usr/bin/env bash
# Installs what is missing, configures and builds into ./build (or $BUILD_DIR).
# Extra arguments go to CMake (e.g. -DAIJADAPTIVE_ENABLE_CUDA=OFF).
#
# With AIJADAPTIVE_LOG=<file> (the main job's way) each step prints one line
# saying what it does, its output goes to that file, the build says how far it
# is every minute, and a failing step prints the file's last lines. Without it
# everything goes to the terminal (the test script's way).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
log=${AIJADAPTIVE_LOG:-}

# fail "what": the step failed; show where and why.
fail() {
  echo "aijadaptive: $1 failed; the last 40 lines of $log:" >&2
  tail -n 40 "$log" >&2
  echo "aijadaptive: the whole log is $log" >&2
  exit 1
}

# step "what it does" command...: runs the command, quietly when logging.
step() {
  local what=$1
  shift
  if [ -z "$log" ]; then
    "$@"
    return
  fi
  echo "aijadaptive: $what (log: $log)"
  "$@" >>"$log" 2>&1 || fail "$what"
}

# build_step "what it does" command...: as step, but a build takes minutes
# (tens with CUDA), so meanwhile the last "[ NN%]" of make's output is shown
# once a minute. The build runs in the foreground (Ctrl-C stops it); the
# reporter in the background, ended with the script whatever happens.
build_step() {
  if [ -n "$log" ]; then
    (
      minutes=0
      while sleep 60 >/dev/null 2>&1; do  # not holding the terminal or a pipe open
        minutes=$((minutes + 1))
        echo "aijadaptive: still building after $minutes min $(grep -o '^\[ *[0-9]*%\]' "$log" | tail -n 1)"
      done
    ) &
    reporter=$!
    trap 'kill "$reporter" 2>/dev/null || true' EXIT
  fi
  step "$@"
}

if [ -n "$log" ]; then
  mkdir -p "$(dirname "$log")"
  : >"$log"
fi
step "installing any missing Debian packages (config/install-deps.sh)" "$root/config/install-deps.sh"
step "configuring into $build" cmake -S "$root" -B "$build" "$@"
build_step "building in $build with $(nproc) jobs" cmake --build "$build" -j "$(nproc)"
