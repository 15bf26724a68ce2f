#!/usr/bin/env bash
# Call 6 (stop 51): the diagonal formats' upload without zeroing the values first (the fill kernel
# writes the padding of every row) and with the fill's flag sent in the block's copy. Every GPU
# test of this build; a negative control: test_dia_gpu and test_brcsd2_gpu built with a fill that
# writes no padding (neg/), whose NaN-poisoned device memory should make them fail; then the set-up
# steps (aijadaptive-setup-timing, median of 30) and the set-up against cuSPARSE (--setup-reps 5)
# of the nine diagonal matrices of call 3, 7fe02ef's build ("old", .runtime/g17) and this one
# ("new") in turn, two rounds. Carry: .runtime/g17, .runtime/g18 and .runtime/dsub.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r /tmp/old && mkdir -p /tmp/r /tmp/gl /tmp/old && tar xJf .runtime/g18/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g17/gpu-tree.tar.xz -C /tmp/old
tar xJf .runtime/g18/gpu-tree.tar.xz -C "$here"
for t in test_dia_gpu test_brcsd2_gpu; do xz -dc .runtime/g18/neg/$t.xz > /tmp/neg-$t && chmod +x /tmp/neg-$t; done
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=${M:-.runtime/dsub}
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest gpu rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
for t in test_dia_gpu test_brcsd2_gpu; do timeout 100 /tmp/neg-$t > /tmp/r/neg-$t.txt 2>&1; echo "negative control $t rc $? (non-zero expected)"; grep -E "^\[  (PASSED|FAILED) " /tmp/r/neg-$t.txt | head -8; done
tar czf $OUT/r.tgz -C /tmp r
diag="olm1000 cryg2500 sherman3 dwt_992 epb1 dw8192 LFAT5 jgl009 rdb200"
files=$(for m in $diag; do echo $M/$m.mtx.gz; done)
for round in 1 2; do
  for v in old new; do
    root=.; [ $v = old ] && root=/tmp/old
    for f in $diag; do timeout 30 $root/build-gpu/examples/aijadaptive-setup-timing $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done
    timeout 60 $root/build-gpu/examples/aijadaptive-bench --formats auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/suite-$v-$round.csv $files > /tmp/r/suite-$v-$round.txt 2>&1; echo "$v round $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
