#!/usr/bin/env bash
# Call 5 (stop 67): the pack limit again, now that a small matrix's CSR arrays go in the format's
# pack: 0c6b610's benchmark (bench1) against the same with the pack-limit hook of
# docs/h200-2026-11-30-setup-calls/calls/pack-limit-hook.patch (benchx; AIJA_X_PACK = the limit
# in bytes): 128 KiB (the committed limit, a control), 256 KiB and 512 KiB. Four rounds.
# Carry: .runtime/s67 (binx, gpu-libs, all72.txt, this script), .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s67
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/binx.tar.xz -C /tmp/b
B=/tmp/b; M=.runtime/s64/all
run() {  # label binary
  local label=$1 bin=$2
  timeout 200 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
    --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$label-$round.csv > /tmp/r/suite-v$label-$round.txt 2>&1
  echo "suite v$label round $round exit $? at ${SECONDS}s"
}
for round in 1 2 3 4; do
  run 1 $B/bench1
  export AIJA_X_PACK=131072; run 4 $B/benchx
  export AIJA_X_PACK=262144; run 5 $B/benchx
  export AIJA_X_PACK=524288; run 6 $B/benchx
  unset AIJA_X_PACK
done
tar czf $OUT/r.tgz -C /tmp r
