#!/usr/bin/env bash
# Call 1 (stop 70): a matrix deferred by its size alone (--defer-any), the suite's set-up, six rounds
# alternating: v0 none, v1 [8192, 131072), v2 [2048, 131072), v3 [8192, 1000000); then the first 20
# products with the set-up (v0, v1); then the deferral's GPU tests.
# Carry: .runtime/s70 (gl.tar.xz, all72.txt, all/, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/gl && mkdir -p /tmp/r /tmp/gl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s70/all; L=.runtime/s70/all72.txt
tar xJf .runtime/s70/gl.tar.xz -C /tmp/gl && source /tmp/gl/gl/env.sh
declare -A opt=([0]="" [1]="--defer-any 8192,131072" [2]="--defer-any 2048,131072" [3]="--defer-any 8192,1000000")
for round in 1 2 3 4 5 6; do
  for v in 0 1 2 3; do
    timeout 200 bench1 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L ${opt[$v]} --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for v in 0 1; do
  timeout 200 bench1 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
    --matrix-dir $M --suite $L ${opt[$v]} --first-products 20 --csv /tmp/r/first-v$v.csv > /tmp/r/first-v$v.txt 2>&1
  echo "first v$v exit $? at ${SECONDS}s"
done
for t in test_deferred_setup_gpu test_adaptive_matrix_gpu; do
  timeout 300 /tmp/gl/gl/bin/$t > /tmp/r/$t.txt 2>&1; echo "$t exit $? $(tail -1 /tmp/r/$t.txt)"
done
tar czf $OUT/r.tgz -C /tmp r
