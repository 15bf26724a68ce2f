#!/usr/bin/env bash
# Call 3 (stop 51): where the diagonal formats' set-up goes on the small diagonal matrices whose
# set-up is 3-9x cuSPARSE's (call 2): aijadaptive-setup-timing (median of 30), a CUPTI timeline of
# two set-ups, and the suite's set-up with run-time compilation on and off (--jit 1/0, two rounds).
# Build: call 1's (7fe02ef's library; the tree also had the option that call 2 tried).
# Carry: .runtime/g16 (with trace/) and .runtime/dsub.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g16}
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
S=build-gpu/examples/aijadaptive-setup-timing
M=${M:-.runtime/matrices}  # call 3 ran with M=.runtime/dsub (these nine, copied from .runtime/matrices)
diag="olm1000 cryg2500 sherman3 dwt_992 epb1 dw8192 LFAT5 jgl009 rdb200"
for f in $diag; do timeout 30 $S $M/$f.mtx.gz 30 > /tmp/r/steps-$f.txt 2>&1; done
echo "steps $SECONDS"
root=$(pwd)
for f in olm1000 sherman3; do
  LD_LIBRARY_PATH="$root/$V/trace:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$root/$V/trace/libaija_trace.so \
    AIJA_TRACE_FILE=/tmp/r/trace-$f.csv timeout 60 $S $M/$f.mtx.gz 3 > /tmp/r/traced-$f.txt 2>&1; echo "trace $f $?"
done
gzip -f /tmp/r/trace-*.csv
tar czf $OUT/r.tgz -C /tmp r
files=$(for m in $diag; do echo $M/$m.mtx.gz; done)
for round in 1 2; do
  for j in 1 0; do
    timeout 60 $B --formats auto,cusparse-alg1,cusparse-alg2 --jit $j --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/jit$j-$round.csv $files > /tmp/r/jit$j-$round.txt 2>&1; echo "jit $j round $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
