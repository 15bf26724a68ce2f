#!/usr/bin/env bash
# Call C (stop 64): the column-degree order as committed: GPU tests of the changed code (and memcheck on
# the degree-order tests), then the oracle table's held-out sets (every format, auto and tune, one round,
# as stop 63's call H). SETS: which of heldout, heldout2, oracle (examples/bench/S.txt).
# Carry: .runtime/s64 (bin3.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s64/bin3.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s64/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
if [ "${TESTS:-1}" = 1 ]; then
  for t in test_reordering_gpu test_adaptive_matrix_gpu test_deferred_setup_gpu test_autotune_gpu test_format_list test_reordering; do
    timeout 300 /tmp/b64/$t > /tmp/r/$t.txt 2>&1; echo "$t: exit $? ($(grep -E '^\[  (PASSED|FAILED)' /tmp/r/$t.txt | tr '\n' ' ')) at ${SECONDS}s"
  done
  timeout 200 compute-sanitizer --tool memcheck --leak-check full --error-exitcode 9 /tmp/b64/test_reordering_gpu \
    --gtest_filter='*Degree*:*RowMap*' > /tmp/r/memcheck-reordering.txt 2>&1
  echo "memcheck test_reordering_gpu (degree, row map): exit $? ($(grep 'ERROR SUMMARY' /tmp/r/memcheck-reordering.txt)) at ${SECONDS}s"
  save
fi
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for s in ${SETS:-heldout2 heldout}; do
  timeout 200 /tmp/b64/bench --formats $F --reps 30 --csv /tmp/r/$s.csv --suite examples/bench/$s.txt > /tmp/r/$s.txt 2>&1
  echo "$s: exit $? at ${SECONDS}s"; save
done
