#!/usr/bin/env bash
# Call 6 (stop 60), issue 13: where memplus's set-up goes (2.3-3.3x cuSPARSE's in stop 57), beside
# cage10, rajat01 and add32: aijadaptive-setup-timing MATRIX 21 (auto's choice), then with
# format=csr, and aijadaptive-bench --formats auto,csr,cusparse-alg1,cusparse-alg2 --setup-reps 9.
# Build ad4ce9c. Carry: .runtime/s60c (s60bin6.tar.xz, gpu-libs.tar.xz, all/, this script); docs/ out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin6.tar.xz -C /tmp && chmod +x /tmp/s60bin6/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for m in memplus cage10 rajat01 add32; do
  timeout 60 /tmp/s60bin6/aijadaptive-setup-timing .runtime/s60c/all/$m.mtx.gz 21 > /tmp/r/setup-$m.txt 2>&1
  echo "$m: exit $?"; cat /tmp/r/setup-$m.txt
  timeout 60 /tmp/s60bin6/aijadaptive-setup-timing .runtime/s60c/all/$m.mtx.gz 21 format=csr > /tmp/r/setup-$m-csr.txt 2>&1
done
for k in 1 2; do
  timeout 100 /tmp/s60bin6/aijadaptive-bench --formats auto,csr,cusparse-alg1,cusparse-alg2 --reps 20 --setup-reps 9 \
    --pattern-values random --matrix-dir .runtime/s60c/all --csv /tmp/r/bench-$k.csv \
    memplus.mtx.gz cage10.mtx.gz rajat01.mtx.gz add32.mtx.gz > /tmp/r/bench-$k.txt 2>&1
  echo "bench ($k): exit $?"
done
grep -E "^matrix|^  (auto|csr|cusparse)" /tmp/r/bench-1.txt
tar czf $OUT/r.tgz -C /tmp r
