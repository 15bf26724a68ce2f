#!/usr/bin/env bash
# Call 3 (stop 46): packed uploads against HEAD (4564d77), alternating, two rounds:
# a new matrix's set-up (aijadaptive-setup-timing, median of 50) over 20 real matrices; the suite's
# set-ups with the new benchmark (--setup-reps 5: median of 5 fresh set-ups, and the first) and
# single set-ups with both; the GPU tests of the changed code and memcheck over four of them.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v48
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in $V/*.xz; do b=$(basename $f .xz); [ "$b" = gpu-libs.tar ] && continue; xz -dc $f > /tmp/$b; chmod +x /tmp/$b; done
M=.runtime/matrices
sel="LFAT5 jgl009 494_bus west0479 utm300 rajat19 G51 Pd sherman3 add32 rajat01 bcsstk14 bcsstk13 4elt memplus ca-CondMat wing cage11 Andrews crystk01"
for t in test_packed_arrays test_csr_prefetch test_argcsr_gpu test_ipcsr_gpu; do
  timeout 300 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $? $(tail -1 /tmp/r/$t.txt)"
done
for t in test_packed_arrays test_csr_prefetch test_argcsr_gpu test_ipcsr_gpu; do
  timeout 300 compute-sanitizer --tool memcheck --leak-check full /tmp/$t > /tmp/r/memcheck-$t.txt 2>&1; echo "memcheck $t rc $? $(tail -1 /tmp/r/memcheck-$t.txt)"
done
for round in 1 2; do
  for v in base new; do
    for f in $sel; do timeout 60 /tmp/setup-$v $M/$f.mtx.gz 50 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
    timeout 240 /tmp/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/suite-$v-$round.csv $M/*.mtx.gz > /tmp/r/suite-$v-$round.txt 2>&1; echo "suite $v $round $? $SECONDS"
  done
  timeout 400 /tmp/bench-new --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-new-$round.csv $M/*.mtx.gz > /tmp/r/reps-new-$round.txt 2>&1; echo "reps new $round $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
