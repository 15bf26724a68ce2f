#!/usr/bin/env bash
# Call 9 (stop 69): a page-locked pack sent in copies enqueued as it fills. GPU tests of the working
# tree that send packs (packed_arrays, faults, csr_prefetch, argcsr, suraa, brcsd2); then the suite's
# set-up, six rounds alternating: v10 (9ac899a: one copy once packed), v11 (copies of 128 KiB),
# v12 (of 256 KiB); setup-timing of 6 matrices.
# Carry: .runtime/s69 (bin10.tar.xz, bin1112.tar.xz, tests11.tar.xz, this script),
# .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b /tmp/t && mkdir -p /tmp/r /tmp/b /tmp/t
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s69/tests11.tar.xz -C /tmp/t
for n in test_packed_arrays test_faults_gpu test_csr_prefetch test_argcsr_gpu test_suraa_gpu test_brcsd2_gpu; do
  timeout 300 /tmp/t/$n > /tmp/r/$n.txt 2>&1; rc=$?
  echo "$n rc $rc: $(grep -E '^\[  (PASSED|FAILED|SKIPPED)  \]' /tmp/r/$n.txt | tr '\n' ' ')"
done
echo "tests at ${SECONDS}s"
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin10.tar.xz -C /tmp/b && tar xJf .runtime/s69/bin1112.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 10 11 12; do
    timeout 200 /tmp/b/bench$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in hammond commanche_dual rajat01 Pd gemat12 sherman5; do
  for v in 10 11 12; do timeout 60 /tmp/b/setup$v $M/$f.mtx.gz 40 > /tmp/r/steps-v$v-$f-1.txt 2>&1; done
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
