#!/usr/bin/env bash
# Call 1 (stop 46): where a small matrix's set-up goes now (HEAD 4564d77), on the H200:
# steps (aijadaptive-setup-timing), CUPTI timelines of two set-ups, and the suite's set-up ratios (2 rounds).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v47
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for b in bench setup; do xz -dc $V/$b-base.xz > /tmp/$b-base; chmod +x /tmp/$b-base; done
{ nproc; nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv; } > /tmp/r/machine.txt 2>&1
M=.runtime/matrices
for f in LFAT5 494_bus bcsstk13 4elt sherman3 cage11; do
  timeout 60 /tmp/setup-base $M/$f.mtx.gz 50 > /tmp/r/steps-$f.txt 2>&1; echo "steps $f $?"
done
root=$(pwd)
export LD_LIBRARY_PATH="$root/$V/trace:$LD_LIBRARY_PATH"
for f in LFAT5 4elt; do
  CUDA_INJECTION64_PATH=$root/$V/trace/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-$f.csv timeout 60 /tmp/setup-base $M/$f.mtx.gz 3 > /tmp/r/traced-$f.txt 2>&1; echo "trace $f $?"
done
unset CUDA_INJECTION64_PATH
for round in 1 2; do
  timeout 240 /tmp/bench-base --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/suite-$round.csv $M/*.mtx.gz > /tmp/r/suite-$round.txt 2>&1; echo "suite $round $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
