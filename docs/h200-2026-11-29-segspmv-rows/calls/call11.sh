#!/usr/bin/env bash
# Call 11 (stop 56): the host steps of call 10's two generated matrices on the device's host
# (aijadaptive-analysis-timing SPEC, 09e7e5d's build-gpu, one run each, three processes each).
# Carry: .runtime/x13 (xz of build-gpu's aijadaptive-analysis-timing).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/x13/aijadaptive-analysis-timing.xz > /tmp/at && chmod +x /tmp/at
nproc
for m in gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000; do
  for k in 1 2 3; do timeout 60 /tmp/at $m >> /tmp/r/analysis.txt 2>&1; echo "$m $k $? $SECONDS"; done
done
tar czf $OUT/r.tgz -C /tmp r
