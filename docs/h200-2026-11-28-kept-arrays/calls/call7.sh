#!/usr/bin/env bash
# Call 7 (stop 47): why a prefetch below 131k entries doubles the set-up (call 4): CUPTI timelines
# (config/gpu/trace/cupti_trace.c) of the benchmark's auto set-up, --setup-reps 5, on memplus and
# bcsstk13, with --prefetch-min-nnz 65536 and with the default, at 628cb8f (call 5's benchmark).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/v5/bench.xz > /tmp/bench && chmod +x /tmp/bench
export LD_LIBRARY_PATH=$PWD/.runtime/trace:$LD_LIBRARY_PATH
M=.runtime/matrices
for f in memplus bcsstk13; do
  for p in 65536 131072; do
    CUDA_INJECTION64_PATH=$PWD/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-$f-$p.csv \
      timeout 60 /tmp/bench --formats auto --reps 3 --warmup 1 --setup-reps 5 --prefetch-min-nnz $p --csv /tmp/r/$f-$p.csv $M/$f.mtx.gz > /tmp/r/$f-$p.txt 2>&1
    echo "$f $p $? $(grep -o 'set-up: median[^;]*' /tmp/r/$f-$p.txt | head -1)"
    timeout 60 /tmp/bench --formats auto --reps 3 --warmup 1 --setup-reps 5 --prefetch-min-nnz $p --csv /tmp/r/$f-$p-untraced.csv $M/$f.mtx.gz > /tmp/r/$f-$p-untraced.txt 2>&1
    echo "untraced $f $p $? $(grep -o 'set-up: median[^;]*' /tmp/r/$f-$p-untraced.txt | head -1)"
  done
done
gzip /tmp/r/trace-*.csv
tar czf $OUT/r.tgz -C /tmp r
