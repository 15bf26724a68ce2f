#!/usr/bin/env bash
# Call 7 (stop 61): test_deferred_setup_gpu after its irregular matrix moved under 1M nonzeros (the
# working tree on 4491288; call 6's CI build of aa5ca07 failed its OnlyAnAnalysisThatMayReorderIsDeferred:
# from 1M such a matrix is now argcsr's, whose set-up is deferred). Carry: .runtime/s61g.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .runtime/s61g/test_deferred_setup_gpu.xz > /tmp/t && chmod +x /tmp/t
timeout 120 /tmp/t > /tmp/r/test_deferred_setup_gpu.txt 2>&1; echo "test_deferred_setup_gpu: exit $?"
tail -4 /tmp/r/test_deferred_setup_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
