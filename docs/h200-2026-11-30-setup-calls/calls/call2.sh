#!/usr/bin/env bash
# Call 2 (stop 66): the set-up changes against HEAD 96a8229 (bin0 = call 1's), on the H200.
# bin1: argcsr without divisions, host arrays first in suraa's and the diagonal formats' blocks,
# segspmv's arrays in one block, kept streams, small refills through a pack; AIJA_X_PACK = the
# pack limit in bytes (experiment hook; unset = 128 KiB as HEAD).
# 1. GPU tests of the changed code (bin1). 2. setup-timing, 20 matrices, 4 variants alternating.
# 3. the benchmark's set-up over the 72 real matrices, 4 variants, one round each.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
S=.runtime/s66
rm -rf /tmp/r; mkdir -p /tmp/r /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp && tar xJf $S/bin1.tar.xz -C /tmp
mv /tmp/bench /tmp/b66/bench0; mv /tmp/setup /tmp/b66/setup0
B=/tmp/b66
for t in $B/test_*; do n=$(basename $t); timeout 240 $t > /tmp/r/$n.txt 2>&1; echo "$n exit $? $(grep -E '^\[  (PASSED|FAILED)' /tmp/r/$n.txt | tr '\n' ' ')"; done
tar czf $OUT/r.tgz -C /tmp r
M=.runtime/s64/all
run_variant() {  # name binary-suffix pack
  local name=$1 b=$2 pack=$3
  if [ -n "$pack" ]; then export AIJA_X_PACK=$pack; else unset AIJA_X_PACK; fi
  "${@:4}"
}
for round in 1 2; do
  for f in Pd crack bayer10 add32 gemat12 hammond adder_dcop_05 4elt memplus rajat01 dw8192 epb1 sherman3 rdb200 cryg2500 cage10 Ill_Stokes wing mult_dcop_01 Andrews; do
    for v in "v0 0 -" "v1 1 -" "v512 1 524288" "v2m 1 2097152"; do set -- $v; p=$3; [ "$p" = "-" ] && p=""
      run_variant $1 $2 "$p" timeout 60 $B/setup$2 $M/$f.mtx.gz 40 > /tmp/r/steps-$1-$f-$round.txt 2>&1
    done
  done
  echo "steps round $round at ${SECONDS}s"
done
tar czf $OUT/r.tgz -C /tmp r
for v in "v0 0 -" "v1 1 -" "v512 1 524288" "v2m 1 2097152"; do set -- $v; p=$3; [ "$p" = "-" ] && p=""
  run_variant $1 $2 "$p" timeout 200 $B/bench$2 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 \
    --pattern-values random --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-$1.csv > /tmp/r/suite-$1.txt 2>&1
  echo "suite $1 exit $? at ${SECONDS}s"
  tar czf $OUT/r.tgz -C /tmp r
done
