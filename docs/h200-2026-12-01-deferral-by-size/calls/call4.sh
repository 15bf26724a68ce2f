#!/usr/bin/env bash
# Call 4 (stop 70): the deferral's hand-over after an event on the caller's stream. The new test
# (WithoutThePrefetchTheThreadCopiesBackWhatCsrSent) on the old code and on the new, five times each;
# every GPU test binary of the new build; the device host's CPU and the host steps of 17 matrices
# (steps.cpp, as on the build machine); setup-timing of four.
# Carry: .runtime/s70 (without gl.tar.xz: bin4.tar.xz, all/, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/gl /tmp/p4 && mkdir -p /tmp/r /tmp/gl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
lscpu > /tmp/r/lscpu.txt; grep -E "Model name|^CPU\(s\)|MHz" /tmp/r/lscpu.txt
M=.runtime/s70/all
tar xJf .runtime/s70/bin4.tar.xz -C /tmp
for v in old new; do
  for k in 1 2 3 4 5; do
    timeout 120 /tmp/p4/test_deferred_$v --gtest_filter='*WithoutThePrefetch*' > /tmp/r/race-$v-$k.txt 2>&1
    echo "race test, $v code, run $k: exit $? $(grep -cE '^\S*(Failure|Expected)' /tmp/r/race-$v-$k.txt) failure lines"
  done
done
for t in /tmp/p4/test_*; do
  case $t in *_old|*_new) continue;; esac
  timeout 300 $t > /tmp/r/$(basename $t).txt 2>&1; echo "$(basename $t) exit $? $(grep -E '^\[  PASSED|^\[  FAILED' /tmp/r/$(basename $t).txt | tr '\n' ' ')"
done
cd $M && /tmp/p4/steps sherman3.mtx.gz dw8192.mtx.gz dwt_992.mtx.gz Pd.mtx.gz epb1.mtx.gz commanche_dual.mtx.gz bcspwr10.mtx.gz crack.mtx.gz rajat01.mtx.gz gemat12.mtx.gz add32.mtx.gz cryg2500.mtx.gz olm1000.mtx.gz hammond.mtx.gz sherman5.mtx.gz whitaker3.mtx.gz bayer10.mtx.gz > /tmp/r/steps.txt 2>&1; cat /tmp/r/steps.txt; cd - > /dev/null
for f in sherman3 crack Pd sherman5; do timeout 60 /tmp/p4/setup $M/$f.mtx.gz 40 > /tmp/r/setup-$f.txt 2>&1; done
tar czf $OUT/r.tgz -C /tmp r
