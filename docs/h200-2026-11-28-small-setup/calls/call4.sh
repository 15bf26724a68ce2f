#!/usr/bin/env bash
# Call 4 (stop 46): the GPU tests of 061beb7 (packed uploads, verdict bound, diagonal packing) and memcheck;
# set-ups of HEAD 4564d77 ("base"), bf08b92 ("mid": packed uploads) and the diagonal commits ("new"),
# alternating, two rounds: aijadaptive-setup-timing (median of 50) on 24 real matrices, the suite once
# per set-up (base, new) and with --setup-reps 5 (mid, new).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v49
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp && tar xJf $V/tests.tar.xz -C /tmp
M=.runtime/matrices
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 300 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
for n in test_packed_arrays test_csr_prefetch test_argcsr_gpu test_ipcsr_gpu test_dia_gpu test_brcsd2_gpu test_csr_gpu; do
  timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no /tmp/tb/$n > /tmp/r/memcheck-$n.txt 2>&1; echo "memcheck $n rc $? $(tail -1 /tmp/r/memcheck-$n.txt)"
done
sel="LFAT5 jgl009 494_bus west0479 utm300 rajat19 G51 Pd sherman3 add32 rajat01 bcsstk14 bcsstk13 4elt memplus ca-CondMat wing cage11 Andrews crystk01 rdb200 cryg2500 dwt_992 dw8192 s3rmq4m1 epb1"
for round in 1 2; do
  for v in base mid new; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 50 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
  done
  for v in base new; do
    timeout 240 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/suite-$v-$round.csv $M/*.mtx.gz > /tmp/r/suite-$v-$round.txt 2>&1; echo "suite $v $round $? $SECONDS"
  done
  for v in mid new; do
    timeout 400 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-$round.csv $M/*.mtx.gz > /tmp/r/reps-$v-$round.txt 2>&1; echo "reps $v $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
