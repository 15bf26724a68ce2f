#!/usr/bin/env bash
# Call 3 (stop 66): a44432f (bin2) against 96a8229 (bin0): test_csr_prefetch (the kept streams' test),
# CUPTI timelines of bin2's set-up of six matrices, and the suite's set-up, three rounds alternating.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
S=.runtime/s66
rm -rf /tmp/r; mkdir -p /tmp/r /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp && tar xJf $S/bin2.tar.xz -C /tmp
mv /tmp/bench /tmp/b66/bench0; mv /tmp/setup /tmp/b66/setup0
B=/tmp/b66
timeout 120 $B/test_csr_prefetch > /tmp/r/test_csr_prefetch.txt 2>&1; echo "test_csr_prefetch exit $? $(grep -E '^\[  (PASSED|FAILED)' /tmp/r/test_csr_prefetch.txt | tr '\n' ' ')"
root=$(pwd); T=$root/$S/trace
for f in Pd dw8192 dwt_992 hammond 4elt sherman3; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-setup-$f.csv timeout 60 $B/setup2 $S/m/$f.mtx.gz 5 > /tmp/r/traced-setup-$f.txt 2>&1; echo "trace $f $?"
done
gzip /tmp/r/*.csv
M=.runtime/s64/all
for round in 1 2 3; do
  for v in 0 2; do
    timeout 200 $B/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
      --pattern-values random --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in Pd crack bayer10 add32 sherman5 gemat12 hammond adder_dcop_05 4elt memplus dw8192 epb1 sherman3 dwt_992 cryg2500 olm1000 rdb200 cage10; do
  for v in 0 2; do timeout 60 $B/setup$v $S/m/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
