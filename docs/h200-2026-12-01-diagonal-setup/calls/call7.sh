#!/usr/bin/env bash
# Call 7 (stop 69): CUPTI traces of setup-timing (v9, 62cb2ec; 5 set-ups each) on the small diagonal
# matrices whose upload takes longer than argcsr's of the same bytes: dwt_992, sherman3, cryg2500; Pd beside.
# Carry: .runtime/s69 (bin9.tar.xz, this script), .runtime/s66/trace, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all
tar xJf .runtime/s69/bin9.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in dwt_992 sherman3 cryg2500 Pd; do
  timeout 60 /tmp/b/setup9 $M/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1
  LD_LIBRARY_PATH="$T:${LD_LIBRARY_PATH:-}" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-setup-$f.csv \
    timeout 60 /tmp/b/setup9 $M/$f.mtx.gz 5 > /tmp/r/traced-setup-$f.txt 2>&1; echo "trace $f $?"
  gzip /tmp/r/trace-setup-$f.csv
done
tar czf $OUT/r.tgz -C /tmp r
