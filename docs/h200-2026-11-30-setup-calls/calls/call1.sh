#!/usr/bin/env bash
# Call 1 (stop 66): where a small matrix's set-up goes (HEAD 96a8229): setup-timing steps of 14 real
# matrices (50 reps), CUPTI timelines of setup-timing and of the benchmark's set-ups (auto and cuSPARSE).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
S=.runtime/s66
mkdir -p /tmp/r /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv; } > /tmp/r/machine.txt 2>&1
for f in $S/m/*.mtx.gz; do b=$(basename $f .mtx.gz)
  timeout 60 /tmp/setup $f 50 > /tmp/r/steps-$b.txt 2>&1; echo "steps $b $?"
done
root=$(pwd); T=$root/$S/trace
for f in rdb200 Pd hammond dw8192; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-setup-$f.csv timeout 60 /tmp/setup $S/m/$f.mtx.gz 5 > /tmp/r/traced-setup-$f.txt 2>&1; echo "trace setup $f $?"
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-bench-$f.csv timeout 60 /tmp/bench --formats auto,cusparse-alg1 --reps 3 --warmup 1 --setup-reps 5 $S/m/$f.mtx.gz > /tmp/r/traced-bench-$f.txt 2>&1; echo "trace bench $f $?"
done
for round in 1 2; do
  timeout 200 /tmp/bench --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random --csv /tmp/r/bench-$round.csv $S/m/*.mtx.gz > /tmp/r/bench-$round.txt 2>&1; echo "bench $round $?"
done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
