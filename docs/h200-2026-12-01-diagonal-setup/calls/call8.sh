#!/usr/bin/env bash
# Call 8 (stop 69): CUPTI traces of setup-timing (v10, 9ac899a; 5 set-ups each) on suraa matrices whose
# upload alone took about cuSPARSE's whole set-up: hammond, commanche_dual, rajat01; gemat12 (argcsr) beside.
# Carry: .runtime/s69 (bin10.tar.xz, this script), .runtime/s66/trace, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all
tar xJf .runtime/s69/bin10.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in hammond commanche_dual rajat01 gemat12; do
  timeout 60 /tmp/b/setup10 $M/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1
  LD_LIBRARY_PATH="$T:${LD_LIBRARY_PATH:-}" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-setup-$f.csv \
    timeout 60 /tmp/b/setup10 $M/$f.mtx.gz 5 > /tmp/r/traced-setup-$f.txt 2>&1; echo "trace $f $?"
  gzip /tmp/r/trace-setup-$f.csv
done
tar czf $OUT/r.tgz -C /tmp r
