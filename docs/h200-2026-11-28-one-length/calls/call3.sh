#!/usr/bin/env bash
# Call 3 (stop 50): packs of up to 128 KiB sent from page-locked memory kept by the process
# (the working tree after c46e947, committed next). Every GPU test of build-gpu, and the host
# tests with GPU parts (packed arrays, CSR prefetch, adaptive matrix); the set-up steps of a new
# small matrix (aijadaptive-setup-timing M 30), call 1's build ("mid") and this one ("new") in
# turn, two rounds; then the suite's set-up and products (72 real matrices, auto and cuSPARSE
# ALG1/ALG2, median of 5 fresh set-ups), the stop's start (3266e70, "old") and "new" in turn,
# two rounds. Carry: .runtime/g12 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=${V:-.runtime/g12}  # call 4: .runtime/g13
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
for b in bench-old setup-mid; do xz -dc $V/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
S=build-gpu/examples/aijadaptive-setup-timing
M=.runtime/matrices
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest gpu rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
timeout 200 ctest --test-dir build-gpu -R "test_packed_arrays|test_csr_prefetch|test_adaptive_matrix$" --output-on-failure > /tmp/r/ctest-host-gpu-parts.txt 2>&1; echo "ctest parts rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*|SKIPPED|PASSED" /tmp/r/ctest-host-gpu-parts.txt | head
timeout 100 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no build-gpu/tests/test_packed_arrays > /tmp/r/memcheck-packed.txt 2>&1; echo "memcheck rc $? $SECONDS"
tail -3 /tmp/r/memcheck-packed.txt
tar czf $OUT/r.tgz -C /tmp r
steps="LFAT5 jgl009 olm1000 494_bus west0067 bfw62a impcol_a rajat19 jagmesh7 orsirr_1 lund_a utm300"
for round in 1 2; do
  for v in mid new; do
    s=$S; [ $v = mid ] && s=/tmp/setup-mid
    for f in $steps; do timeout 30 $s $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done
    echo "steps $v $round $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
for round in 1 2; do
  for v in old new; do
    b=$B; [ $v = old ] && b=/tmp/bench-old
    timeout 150 $b --formats auto,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/suite-$v-$round.csv $M/*.mtx.gz > /tmp/r/suite-$v-$round.txt 2>&1; echo "suite $v $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
