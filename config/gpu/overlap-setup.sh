#!/usr/bin/env bash
# Issue 9, 2026-11-24 (second session): the CSR arrays sent to the GPU during
# the analysis (csr_prefetch.hpp). In the repo root on the GPU machine with
# .runtime/ carried (config/gpu/pack.sh build debian; config/gpu/pack.sh
# build-cuda-petsc cudapetsc):
# 1. the GPU tests of the Debian build; memcheck over the prefetch's tests and
#    the adaptive matrix's (whose new test builds every format from the
#    arrays sent during the analysis);
# 2. the structured matrices' products and set-up, with the prefetch (the
#    default) and without it (--prefetch 0), in the same call;
# 3. dia3 (brcsd2: 86% of the copy bandwidth): its generated kernel against
#    the generic one (--jit 0), in products and under ncu;
# 4. the PETSc and GPU tests of the CUDA PETSc build;
# 5. the host set-up steps of dia3, dia1 and stencil27 (analysis-timing);
# 6. PETSc's MatMult on the 27-point stencil: aijadaptive, aijcusparse, sellcuda.
# Writes $OUT/overlap-setup.tar.gz and prints the summaries. STEPS="1 2 3 4 5 6"
# picks steps.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
steps=" ${STEPS:-1 2 3 4 5 6} "
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
structured=$(grep -E '^gen:(stencil|dia)' examples/bench/suite.txt | cut -d' ' -f1)
(
  source config/gpu/run.sh debian /work/main
  if [[ $steps == *" 1 "* ]]; then
    timeout 200 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
    echo "1. ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
    grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
    timeout 30 build/tests/test_csr_prefetch > "$logs/test-csr-prefetch.txt" 2>&1
    echo "1. test_csr_prefetch: exit $? -- $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$logs/test-csr-prefetch.txt" | tr '\n' ' ')"
    san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    for t in test_csr_prefetch test_adaptive_matrix_gpu; do
      filter='--gtest_filter=*'
      [ $t = test_adaptive_matrix_gpu ] && filter='--gtest_filter=-KernelCacheGpu.ABadLaunchThrowsAndLeavesNoErrorBehind'
      timeout 150 $san --tool memcheck --error-exitcode 99 build/tests/$t $filter > "$logs/memcheck-$t.txt" 2>&1
      echo "1. memcheck $t: exit $? -- $(grep -E 'ERROR SUMMARY' "$logs/memcheck-$t.txt" | tail -1) $(grep -E '^\[  (PASSED|FAILED)  \]' "$logs/memcheck-$t.txt" | tr '\n' ' ')"
    done
  fi
  if [[ $steps == *" 2 "* ]]; then
    for prefetch in 1 0; do
      timeout 200 build/examples/aijadaptive-bench --prefetch $prefetch \
        --formats dia,brcsd1,brcsd2,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2 \
        --csv "$logs/structured-prefetch$prefetch.csv" $structured > "$logs/structured-prefetch$prefetch.txt" 2>&1
      echo "2. bench --prefetch $prefetch: exit $?"
      python3 config/gpu/setup_table.py "$logs/structured-prefetch$prefetch.csv" | tee "$logs/structured-prefetch$prefetch-table.txt"
    done
  fi
  if [[ $steps == *" 5 "* ]]; then
    for m in gen:dia3:n=3000000,k=11,seg=4096 gen:dia1:n=4000000,k=7 gen:stencil27:n=160; do
      timeout 60 build/examples/aijadaptive-analysis-timing $m > "$logs/analysis-timing-${m//[:=,]/_}.txt" 2>&1
      echo "5. host set-up steps, $m (s):" $(cat "$logs/analysis-timing-${m//[:=,]/_}.txt")
    done
  fi
  if [[ $steps == *" 3 "* ]]; then
    # dia3's generated kernel (738 offset lists, one switch case each) against
    # the generic one: products in one bench run each, then each under ncu.
    dia3=gen:dia3:n=3000000,k=11,seg=4096
    for jit in 1 0; do
      timeout 100 build/examples/aijadaptive-bench --jit $jit --formats brcsd2,cusparse-alg1 --csv "$logs/dia3-jit$jit.csv" \
        $dia3 gen:dia2:n=3000000,k=9 gen:stencil27:n=160 > "$logs/dia3-jit$jit.txt" 2>&1
      echo "3. bench --jit $jit: exit $?"; grep -E "^  (brcsd2|cusparse)" "$logs/dia3-jit$jit.txt"
    done
    ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    for spec in "1 aija_diagonal" "0 diagonal_kernel"; do
      set -- $spec
      timeout 150 $ncu --clock-control none -k regex:$2 --launch-skip 10 --launch-count 1 \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
        --section WarpStateStats --section SchedulerStats \
        build/examples/aijadaptive-bench --jit $1 --formats brcsd2 --warmup 5 --reps 20 $dia3 > "$logs/ncu-dia3-jit$1.txt" 2>&1
      echo "3. ncu dia3 brcsd2 --jit $1: exit $?"
      grep -E "Duration|DRAM Throughput|L2 Hit|Achieved Occupancy|Warp Cycles Per Issued|stalled waiting" "$logs/ncu-dia3-jit$1.txt" | head -12
    done
  fi
)
if [[ $steps == *" 4 "* || $steps == *" 6 "* ]]; then
(
  source config/gpu/run.sh cudapetsc /work/main
  export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
  if [[ $steps == *" 4 "* ]]; then
    timeout 150 ctest --test-dir build-cuda-petsc -L 'gpu|petsc' -E 'test_' -j 4 --output-on-failure > "$logs/ctest-cudapetsc.txt" 2>&1
    echo "4. ctest -L 'gpu|petsc' (PETSc 3.26 + CUDA): exit $? -- $(grep -E 'tests passed' "$logs/ctest-cudapetsc.txt")"
    grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-cudapetsc.txt" | head
  fi
  if [[ $steps == *" 6 "* ]]; then
    timeout 200 build-cuda-petsc/examples/aijadaptive-poisson -n 160 -stencil 27 -types aijadaptive,aijcusparse,sellcuda \
      -mult_reps 100 -mult_rounds 5 -ksp_max_it 50 > "$logs/petsc-27pt.txt" 2>&1
    echo "6. PETSc 3.26 + CUDA, 27-point n=160: exit $?"
    cat "$logs/petsc-27pt.txt"
  fi
)
fi
tar czf "$out/overlap-setup.tar.gz" -C "$logs" --exclude=cache .
