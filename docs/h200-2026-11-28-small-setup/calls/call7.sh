#!/usr/bin/env bash
# Call 7 (stop 46): CUPTI timelines of a new matrix's set-up (aijadaptive-setup-timing, 061beb7) of three
# ipcsr matrices whose CSR arrays cross during the analysis (cage11, wing, bcsstk17), and the untraced steps.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v52
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc $V/setup-new.xz > /tmp/setup; chmod +x /tmp/setup
root=$(pwd)
for f in cage11 wing bcsstk17; do
  timeout 60 /tmp/setup $V/m/$f.mtx.gz 30 > /tmp/r/steps-$f.txt 2>&1; echo "steps $f $?"
  LD_LIBRARY_PATH="$root/$V/trace:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$root/$V/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-$f.csv timeout 60 /tmp/setup $V/m/$f.mtx.gz 3 > /tmp/r/traced-$f.txt 2>&1; echo "trace $f $?"
done
tar czf $OUT/r.tgz -C /tmp r
