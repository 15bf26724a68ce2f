#!/usr/bin/env bash
# Where the processes of a hung run wait, without a debugger.
#   config/gpu/hang/stacks.sh build DIR      compile the two helpers into DIR
#   LD_PRELOAD=DIR/libstack_on_signal.so mpiexec ...   start the run with the shim
#   config/gpu/hang/stacks.sh dump DIR NAME  for each process named NAME: every
#       thread's state and kernel wait channel, then SIGUSR1 to its main
#       thread, whose stack then appears in the run's stderr
# Used on the GPU machine (docs/h100-2026-11-26-mpi-ghost-hang/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
  build)
    mkdir -p "$2"
    cc -shared -fPIC -O1 -o "$2/libstack_on_signal.so" "$here/stack_on_signal.c"
    cc -O1 -o "$2/signal_thread" "$here/signal_thread.c" ;;
  dump)
    for pid in $(pgrep -x "$3"); do
      echo "--- pid $pid"
      for t in /proc/$pid/task/*; do
        echo "$(basename "$t") $(cat "$t/comm") state=$(awk '{print $3}' "$t/stat") wchan=$(cat "$t/wchan")"
      done
      "$2/signal_thread" "$pid" "$pid"
    done ;;
  *) sed -n 2,9p "$0"; exit 2 ;;
esac
