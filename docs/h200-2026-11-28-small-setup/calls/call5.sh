#!/usr/bin/env bash
# Call 5 (stop 46): the CSR arrays sent during the analysis through the kept pinned pieces from 1 MiB an
# array ("staged", not committed when run) against the committed code ("new", 061beb7),
# alternating, two rounds: the suite with --setup-reps 5 and once, aijadaptive-setup-timing on 10 matrices;
# the GPU tests of the prefetch's users with the staged build.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
V=.runtime/v50
mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $V/bins.tar.xz -C /tmp && tar xJf $V/tests.tar.xz -C /tmp
M=.runtime/matrices
for t in /tmp/tb/test_*; do n=$(basename $t); timeout 300 $t > /tmp/r/$n.txt 2>&1; echo "$n rc $? $(tail -1 /tmp/r/$n.txt)"; done
timeout 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no /tmp/tb/test_csr_prefetch > /tmp/r/memcheck-test_csr_prefetch.txt 2>&1; echo "memcheck rc $? $(tail -1 /tmp/r/memcheck-test_csr_prefetch.txt)"
sel="memplus cage10 ca-CondMat wing bcsstk16 raefsky1 bcsstk17 cage11 bcsstk29 Andrews"
for round in 1 2; do
  for v in new staged; do
    for f in $sel; do timeout 60 /tmp/bb/setup-$v $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done; echo "steps $v $round $SECONDS"
    timeout 400 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --setup-reps 5 --csv /tmp/r/reps-$v-$round.csv $M/*.mtx.gz > /tmp/r/reps-$v-$round.txt 2>&1; echo "reps $v $round $? $SECONDS"
    timeout 240 /tmp/bb/bench-$v --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --warmup 3 --csv /tmp/r/suite-$v-$round.csv $M/*.mtx.gz > /tmp/r/suite-$v-$round.txt 2>&1; echo "suite $v $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
