# Session 34, call 11 (H100): host vectors streamed with each stream's work enqueued as it becomes
# ready (page-locked vectors) against the three loops before (Debian PETSc 3.18, one rank), alternating
# processes; aij on 16 ranks in the same call; the Debian build's GPU tests and memcheck.
set -uo pipefail
source config/gpu/run.sh debian /work/main >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache
L=.runtime/unpacked/debian-libs/lib
mkdir -p .runtime/before-deb /tmp/o11
cp $L/libpetscaijadaptive.so .runtime/before-deb/   # packed at cf7eb32: the three loops
cp build/plugin/libpetscaijadaptive.so $L/           # this build: in order
P=build/examples/aijadaptive-poisson
for st in 7 27; do
  for k in 1 2 3; do
    for v in before after; do
      lib=""; [ $v = before ] && lib="$(pwd)/.runtime/before-deb:"
      LD_LIBRARY_PATH="$lib$LD_LIBRARY_PATH" timeout 150 $P -n 160 -stencil $st -types aijadaptive -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 > /tmp/o11/host-$st-$v-$k.txt 2>&1
      echo "$st $v $k: $(grep -A1 interleaved /tmp/o11/host-$st-$v-$k.txt | tail -1)"
    done
  done
  timeout 150 mpiexec -n 16 $P -n 160 -stencil $st -types aij -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 > /tmp/o11/aij16-$st.txt 2>&1
  echo "$st aij16: $(grep -A1 interleaved /tmp/o11/aij16-$st.txt | tail -1)"
done
timeout 240 ctest --test-dir build -L gpu -j 4 --output-on-failure > /tmp/o11/ctest-gpu-debian.txt 2>&1
echo "ctest: $(grep -E 'tests passed' /tmp/o11/ctest-gpu-debian.txt)"; grep -E "\(Failed\)|\(Timeout\)" /tmp/o11/ctest-gpu-debian.txt | head
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 build/tests/test_adaptive_matrix_gpu --gtest_filter='*Streamed*:*PageLocked*' > /tmp/o11/memcheck-streamed.txt 2>&1
echo "memcheck: $? $(grep -E 'ERROR SUMMARY' /tmp/o11/memcheck-streamed.txt | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' /tmp/o11/memcheck-streamed.txt | tr '\n' ' ')"
tar czf $OUT/call11.tgz -C /tmp o11
