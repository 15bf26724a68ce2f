#!/usr/bin/env bash
# Call 4 (stop 69): why the benchmark's set-ups take longer on the host than setup-timing's loop.
# v7 (44e23f8) over the suite, four rounds alternating: as it is (a), and with glibc's malloc told
# to keep freed memory (MALLOC_MMAP_THRESHOLD_=64 MiB, MALLOC_TRIM_THRESHOLD_=128 MiB, MALLOC_TOP_PAD_=64
# MiB) (m): whether fresh pages (page faults) make the difference. Then Pd alone: the benchmark with
# 5 and 21 set-ups, setup-timing; and whether perf runs here.
# Carry: .runtime/s69 (bin7.tar.xz, this script), .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt,
# .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/b && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s69/bin7.tar.xz -C /tmp/b
for round in 1 2 3 4; do
  for v in a m; do
    if [ $v = m ]; then E="env MALLOC_MMAP_THRESHOLD_=67108864 MALLOC_TRIM_THRESHOLD_=134217728 MALLOC_TOP_PAD_=67108864"; else E=env; fi
    timeout 200 $E /tmp/b/bench7 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for k in 1 2; do
  for s in 5 21; do
    timeout 60 /tmp/b/bench7 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps $s --pattern-values random \
      $M/Pd.mtx.gz > /tmp/r/pd-setups$s-$k.txt 2>&1
  done
done
timeout 60 /tmp/b/setup7 $M/Pd.mtx.gz 40 > /tmp/r/steps-pd.txt 2>&1
(which perf; perf stat -e page-faults true) > /tmp/r/perf.txt 2>&1
grep -h "set-up: median" /tmp/r/pd-setups*.txt | sed 's/.*set-up:/set-up:/' | head -20
tar czf $OUT/r.tgz -C /tmp r
