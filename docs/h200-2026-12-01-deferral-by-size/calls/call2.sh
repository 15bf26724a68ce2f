#!/usr/bin/env bash
# Call 2 (stop 70): the deferral by size on the kept deferral thread (no recursion), the suite's
# set-up, five rounds alternating: v0 none, v1 --defer-any 8192,131072; csr as a fixed format too.
# Then the first 20 products (v0, v1), the GPU tests of the deferral.
# Carry: .runtime/s70 (gl.tar.xz for the libraries, bin2.tar.xz, all72.txt, all/, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r /tmp/gl /tmp/p2 && mkdir -p /tmp/r /tmp/gl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
M=.runtime/s70/all; L=.runtime/s70/all72.txt
tar xJf .runtime/s70/gl.tar.xz -C /tmp/gl && source /tmp/gl/gl/env.sh && tar xJf .runtime/s70/bin2.tar.xz -C /tmp
declare -A opt=([0]="" [1]="--defer-any 8192,131072")
for round in 1 2 3 4 5; do
  for v in 0 1; do
    timeout 200 /tmp/p2/bench2 --formats auto,csr,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite $L ${opt[$v]} --csv /tmp/r/suite-v$v-$round.csv > /tmp/r/suite-v$v-$round.txt 2>&1
    echo "suite v$v round $round exit $? at ${SECONDS}s"
  done
done
for v in 0 1; do
  timeout 200 /tmp/p2/bench2 --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
    --matrix-dir $M --suite $L ${opt[$v]} --first-products 20 --csv /tmp/r/first-v$v.csv > /tmp/r/first-v$v.txt 2>&1
  echo "first v$v exit $? at ${SECONDS}s"
done
for t in test_deferred_setup_gpu test_adaptive_matrix_gpu test_csr_gpu test_csr_prefetch; do
  timeout 300 /tmp/p2/$t > /tmp/r/$t.txt 2>&1; echo "$t exit $? $(grep -E 'PASSED|FAILED' /tmp/r/$t.txt | tail -2 | tr '\n' ' ')"
done
tar czf $OUT/r.tgz -C /tmp r
