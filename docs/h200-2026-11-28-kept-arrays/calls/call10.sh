#!/usr/bin/env bash
# Call 10 (stop 47): CUPTI timelines of small matrices' set-ups with the kept set-up thread (3f08e1a's
# benchmark, call 8's "worker"): bcsstk13 and 4elt with the copy during the analysis
# (--prefetch-min-nnz 32768) and without, Pd without; --setup-reps 5, auto only.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/v8/bins.tar.xz -C /tmp
export LD_LIBRARY_PATH=$PWD/.runtime/trace:$LD_LIBRARY_PATH
M=.runtime/matrices
for run in "bcsstk13 32768" "bcsstk13 131072" "4elt 32768" "4elt 131072" "Pd 131072"; do
  set -- $run
  CUDA_INJECTION64_PATH=$PWD/.runtime/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-$1-$2.csv \
    timeout 60 /tmp/bb/bench-worker --formats auto --reps 3 --warmup 1 --setup-reps 5 --prefetch-min-nnz $2 $M/$1.mtx.gz > /tmp/r/$1-$2.txt 2>&1
  echo "$1 $2 $? $(grep -o 'set-up: median[^;]*' /tmp/r/$1-$2.txt | head -1)"
  timeout 60 /tmp/bb/bench-worker --formats auto,cusparse-alg1 --reps 3 --warmup 1 --setup-reps 9 --prefetch-min-nnz $2 --csv /tmp/r/$1-$2-untraced.csv $M/$1.mtx.gz > /tmp/r/$1-$2-untraced.txt 2>&1
  echo "untraced $1 $2 $? $(grep -o 'set-up: median[^;]*' /tmp/r/$1-$2-untraced.txt | head -2 | tr '\n' ' ')"
done
gzip /tmp/r/trace-*.csv
tar czf $OUT/r.tgz -C /tmp r
