#!/usr/bin/env bash
# Call 2 (stop 46): CUPTI timelines of the benchmark's own (cold, once per matrix) set-ups of small
# matrices, HEAD 4564d77, and of the steady loop of aijadaptive-setup-timing on G51.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v47
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for b in bench setup; do xz -dc $V/$b-base.xz > /tmp/$b-base; chmod +x /tmp/$b-base; done
M=.runtime/matrices
root=$(pwd)
export LD_LIBRARY_PATH="$root/$V/trace:$LD_LIBRARY_PATH"
T=$root/$V/trace/libaija_trace.so
sel="$M/LFAT5.mtx.gz $M/G51.mtx.gz $M/sherman3.mtx.gz $M/bcsstk13.mtx.gz $M/rdb200.mtx.gz $M/cryg2500.mtx.gz $M/dw8192.mtx.gz $M/4elt.mtx.gz"
timeout 120 /tmp/bench-base --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/sel-untraced.csv $sel > /tmp/r/sel-untraced.txt 2>&1; echo "untraced $?"
CUDA_INJECTION64_PATH=$T AIJA_TRACE_FILE=/tmp/r/trace-bench.csv timeout 120 /tmp/bench-base --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/sel-traced.csv $sel > /tmp/r/sel-traced.txt 2>&1; echo "traced bench $?"
CUDA_INJECTION64_PATH=$T AIJA_TRACE_FILE=/tmp/r/trace-G51.csv timeout 60 /tmp/setup-base $M/G51.mtx.gz 3 > /tmp/r/traced-G51.txt 2>&1; echo "trace G51 $?"
tar czf $OUT/r.tgz -C /tmp r
