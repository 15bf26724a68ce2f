#!/usr/bin/env bash
# Call 4 (stop 48): the host refill through a kept small staging buffer (not one allocated per
# matrix, as in call 3): the GPU tests of build-gpu, memcheck over the new refill tests, and
# aijadaptive-setup-timing M 30 over the 72 real matrices with the defaults, and with every
# refill_on_host 0 (the kernels, as before) for the 49 matrices that call 1 found in argcsr, brcsd1
# or brcsd2 (the two processes in turn).
# Carry: .runtime/g4 (gpu-libs.tar.xz, gpu-tree.tar.xz: build-gpu without objects, host-only tests
# and the benchmark) and .runtime/matrices (the 72 real matrices).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g4/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g4/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=build-gpu/examples/aijadaptive-setup-timing
off="argcsr.refill_on_host=0 dia.refill_on_host=0 brcsd1.refill_on_host=0 brcsd2.refill_on_host=0"
kernels=" 494_bus 4elt Erdos971 G51 LFAT5 Pd USAir97 add32 adder_dcop_05 bayer10 bcspwr10 bcsstk13 bcsstk14 bfw62a bfw782a cage5 commanche_dual crack cryg2500 dw8192 dwt_992 epb1 fidapex6 gemat12 hammond hangGlider_2 impcol_a jagmesh7 jgl009 karate lp_afiro lp_e226 lund_a mbeacxc nnc1374 olm1000 orsirr_1 pores_1 rajat01 rajat19 rdb200 sherman3 sherman5 utm300 watt_2 west0067 west0479 whitaker3 zenios "
for f in .runtime/matrices/*.mtx.gz; do
  n=$(basename $f .mtx.gz)
  case "$kernels " in *" $n "*) timeout 30 $S $f 30 $off > /tmp/r/off-$n.txt 2>&1 ;; esac
  timeout 60 $S $f 30 > /tmp/r/default-$n.txt 2>&1
done
echo "setup-timing done $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
timeout 330 ctest --test-dir build-gpu -L gpu -j 4 --timeout 240 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
for t in argcsr:'*Refill*' brcsd1:'*RefilledOnTheHost*' dia:'*RefilledOnTheHost*'; do
  timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 build-gpu/tests/test_${t%%:*}_gpu --gtest_filter="${t#*:}" > /tmp/r/memcheck-${t%%:*}.txt 2>&1; echo "memcheck ${t%%:*} rc $? $(grep 'ERROR SUMMARY' /tmp/r/memcheck-${t%%:*}.txt | tail -1)"
done
tar czf $OUT/r.tgz -C /tmp r
