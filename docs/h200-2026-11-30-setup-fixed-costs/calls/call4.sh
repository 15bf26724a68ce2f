#!/usr/bin/env bash
# Call 4 (stop 67): with the benchmark timing auto's upload until its stream is through (both
# builds patched alike): the working tree (bin1) against 4b39522 (bin0), and bin1 with the CSR
# arrays sent during the analysis from 32768 and 8192 nonzeros (--prefetch-min-nnz; default 131072).
# Four rounds alternating. Carry: .runtime/s67 (bin0, bin1, gpu-libs, all72.txt, this script),
# .runtime/s64/all; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=.runtime/s67
mkdir -p /tmp/gl && tar xJf $S/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf $S/bin0.tar.xz -C /tmp/b && tar xJf $S/bin1.tar.xz -C /tmp/b
B=/tmp/b; M=.runtime/s64/all
run() {  # label binary extra-args...
  local label=$1 bin=$2; shift 2
  timeout 200 $bin --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
    --matrix-dir $M --suite $S/all72.txt --csv /tmp/r/suite-v$label-$round.csv "$@" > /tmp/r/suite-v$label-$round.txt 2>&1
  echo "suite v$label round $round exit $? at ${SECONDS}s"
}
for round in 1 2 3 4; do
  run 0 $B/bench0
  run 1 $B/bench1
  run 2 $B/bench1 --prefetch-min-nnz 32768
  run 3 $B/bench1 --prefetch-min-nnz 8192
done
tar czf $OUT/r.tgz -C /tmp r
