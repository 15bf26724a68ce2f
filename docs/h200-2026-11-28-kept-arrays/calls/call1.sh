#!/usr/bin/env bash
# Call 1 (stop 47): freed device arrays kept for the next matrix ("new", 21892ed, device_free keeps them)
# against main at the start ("base", 59db2b6), alternating: aijadaptive-setup-timing (median of 30)
# on 14 matrices, two rounds; the suite with --setup-reps 5, one round each; the GPU tests of the
# device layer and its main users, built from "new".
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v1
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp
M=.runtime/matrices
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/r/gpu.txt
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 200 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
timeout 200 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no /tmp/tb/test_csr_prefetch > /tmp/r/memcheck-test_csr_prefetch.txt 2>&1; echo "memcheck rc $? $(tail -1 /tmp/r/memcheck-test_csr_prefetch.txt)"
sel="Pd 4elt memplus cage10 wing bcsstk16 raefsky1 bcsstk17 cage11 bcsstk29 copter2 brack2 teko_nsjac Andrews"
for round in 1 2; do
  for v in base new; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
done
for v in base new; do
  timeout 200 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-1.csv $M/*.mtx.gz > /tmp/r/reps-$v-1.txt 2>&1; echo "reps $v $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
