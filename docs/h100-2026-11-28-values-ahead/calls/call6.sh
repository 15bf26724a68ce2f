#!/usr/bin/env bash
# Call 6 (stop 44): every test of the final code on the H100 with PETSc 3.26.1 with CUDA
# (build-cuda-petsc, packed by config/gpu/pack.sh as cudapetsc), and memcheck over inode's GPU test.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
mkdir -p $OUT/r
# The deferred set-up of a costly build (0785d52): scalar FEM renumbered by RCM, auto (inode), with
# and without deferral, set-up and the first 1000 products against cuSPARSE's.
B=build-cuda-petsc/examples/aijadaptive-bench
for round in 1 2; do
  for D in 4194304 -1; do
    timeout 100 $B --formats auto,cusparse-alg1,cusparse-alg2 --renumber rcm --reps 30 --first-products 1000 --defer-min-nnz $D --csv $OUT/r/defer-$D-$round.csv gen:fem:n=120 gen:fem:n=100 > $OUT/r/defer-$D-$round.txt 2>&1; echo "defer $D $round rc $? $SECONDS"
    grep -E "set-up and the first|deferred" $OUT/r/defer-$D-$round.txt | cut -c1-220 | head -4
  done
done
for f in $OUT/r/defer-*.csv; do echo "$f"; python3 config/gpu/inode_table.py $f; done > $OUT/r/defer-table.txt 2>&1
tar czf $OUT/r.tgz -C $OUT r
timeout 380 ctest --test-dir build-cuda-petsc -j 8 --timeout 300 > $OUT/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|\(Failed\)|\(Timeout\)|\(SEGFAULT\)|Not Run" $OUT/r/ctest.txt | head -20
grep -E "gpu_ex56_inode|Skipped" $OUT/r/ctest.txt | head -5
tar czf $OUT/r.tgz -C $OUT r
[ $SECONDS -lt 470 ] && timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 build-cuda-petsc/tests/test_inode_gpu --gtest_filter='*Typed/0.*' > /tmp/mc.txt 2>&1; echo "memcheck inode rc $? $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
