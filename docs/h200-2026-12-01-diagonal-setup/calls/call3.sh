#!/usr/bin/env bash
# Call 3 (stop 69): the suite's set-up, v5 (1bbbd25) and v7 (44e23f8: runs of repeating rows compared
# in blocks), six rounds alternating; setup-timing of 6 diagonal matrices, v5 and v7; then CUPTI traces
# of v7's benchmark (auto, cusparse-alg1, cusparse-alg2, 5 set-ups each) on Pd, sherman5 and dw8192.
# Carry: .runtime/s69 (bin5.tar.xz, bin7.tar.xz, three.txt, this script), .runtime/s66/trace,
# .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin5.tar.xz -C /tmp/b && tar xJf .runtime/s69/bin7.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 5 7; do
    timeout 200 /tmp/b/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in epb1 dw8192 olm1000 sherman3 dwt_992 cryg2500; do
  for v in 5 7; do timeout 60 /tmp/b/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
root=$(pwd); T=$root/.runtime/s66/trace
for f in Pd sherman5 dw8192; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-bench-$f.csv \
    timeout 60 /tmp/b/bench7 --formats auto,cusparse-alg1,cusparse-alg2 --reps 3 --warmup 1 --setup-reps 5 --pattern-values random \
    $M/$f.mtx.gz > /tmp/r/traced-bench-$f.txt 2>&1; echo "trace bench $f $?"
  gzip /tmp/r/trace-bench-$f.csv
done
tar czf $OUT/r.tgz -C /tmp r
