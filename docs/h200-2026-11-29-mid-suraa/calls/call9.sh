#!/usr/bin/env bash
# Call 9 (stop 52): where suraa's upload goes on three matrices auto gives it (wing, memplus,
# circuit n=100k): aijadaptive-setup-timing M 3 under the CUPTI tracer (config/gpu/trace/,
# libaija_trace.so in .runtime/g16/trace), this stop's build (.runtime/g19); the traces' last three
# "upload + synchronize" steps were to be read from them (the tracer did not load: no trace was
# written). Then the same untraced (median of
# 30). Carry: .runtime/g19, .runtime/g16/trace and .runtime/mid2.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g19/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g19/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=build-gpu/examples/aijadaptive-setup-timing
M=.runtime/mid2
for m in wing memplus circuit; do
  f=$M/$m.mtx.gz; [ $m = circuit ] && f="gen:circuit:n=100000,long=8,len=5000"
  LD_LIBRARY_PATH="$here/.runtime/g16/trace:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$here/.runtime/g16/trace/libaija_trace.so \
    AIJA_TRACE_FILE=/tmp/r/trace-$m.csv timeout 60 $S $f 3 > /tmp/r/traced-$m.txt 2>&1; echo "trace $m $?"
  timeout 60 $S $f 30 > /tmp/r/steps-$m.txt 2>&1
done
gzip -f /tmp/r/trace-*.csv
tar czf $OUT/r.tgz -C /tmp r
