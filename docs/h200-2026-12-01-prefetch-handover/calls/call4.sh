#!/usr/bin/env bash
# Call 4 (stop 68): the suite's set-up, 5f734c2 (bench1), 0633271 (bench2: arrays
# of up to 1 MiB staged by the caller's thread through a page-locked pack, the caller spinning on the
# set-up thread's copy), and the working tree (bench3: the pack shared: the caller sends pieces until the set-up thread is up, which takes the rest). Six rounds, alternating;
# then setup-timing of 8 matrices.
# Carry: .runtime/s68 (bin1, bin2, this script), .runtime/s67/gpu-libs.tar.xz, .runtime/s67/all72.txt, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s64/all; L=.runtime/s67/all72.txt
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s68/bin1.tar.xz -C /tmp/b && tar xJf .runtime/s68/bin2.tar.xz -C /tmp/b && tar xJf .runtime/s68/bin3.tar.xz -C /tmp/b
for round in 1 2 3 4 5 6; do
  for v in 1 2 3; do
    case $v in 1) B=/tmp/b/bench; X="";; 2) B=/tmp/b/bench2; X="";; 3) B=/tmp/b/bench3; X="";; esac
    timeout 200 $B $X --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for f in fidapex6 crack mbeacxc whitaker3 bcsstk13 gemat12 rajat01 dw8192; do
  timeout 60 /tmp/b/setup $M/$f.mtx.gz 40 > /tmp/r/steps-v1-$f-1.txt 2>&1
  timeout 60 /tmp/b/setup2 $M/$f.mtx.gz 40 > /tmp/r/steps-v2-$f-1.txt 2>&1
  timeout 60 /tmp/b/setup3 $M/$f.mtx.gz 40 > /tmp/r/steps-v3-$f-1.txt 2>&1
done
echo "steps at ${SECONDS}s"
tar czf $OUT/r.tgz -C /tmp r
