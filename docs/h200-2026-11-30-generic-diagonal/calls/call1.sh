#!/usr/bin/env bash
# Call 1 (stop 60), issue 17: the generic diagonal kernel (offsets read from memory), the one that
# runs while a matrix's own kernel compiles and for layouts the generator does not unroll.
# Four builds of aijadaptive-bench, `--jit 0` (generic kernel only): c1cd7f1 (old: `#pragma unroll 8`
# loop), and the chunked kernel with its widest chunk forced to 8 (c8) or 16 (c16), or chosen from the
# lists (new: 8/16/32); then new with `--jit 1` (the generated kernels). Formats dia, brcsd1, brcsd2
# and cuSPARSE ALG1 in each process, 2 interleaved rounds, on generated diagonal matrices and the 33
# real ones a diagonal format takes (diag33.txt). Then the GPU tests of the diagonal formats, and
# through PETSc 3.26.1 + CUDA: aijadaptive-poisson on the 7- and 27-point 24^3, jit 0 and jit 1,
# beside sellcuda and aijcusparse.
# Carry: .runtime/s60c (s60bin.tar.xz, gpu-libs.tar.xz, diag33.txt, this script),
# .runtime/cudapetsc-libs.tar.xz, .runtime/cudapetsc-tree.tar.xz; docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60c/s60bin.tar.xz -C /tmp && chmod +x /tmp/s60bin/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
(
  source /tmp/gl/gpu-libs/env.sh
  G="gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil5:n=200 gen:stencil9:n=1000 \
     gen:dia1:n=1000000,k=7 gen:dia1:n=1000000,k=27,width=32 gen:dia2:n=1000000,k=9 gen:dia3 \
     gen:stencil27:n=100 gen:stencil7:n=160"
  for k in 1 2; do
    for b in old c8 c16 new; do
      v=$b; [ $b = new ] && v=auto
      timeout 150 /tmp/s60bin/bench-$v --jit 0 --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
        --matrix-dir .runtime/s60c/m --csv /tmp/r/bench-$b-jit0-$k.csv $G --suite .runtime/s60c/diag33.txt \
        > /tmp/r/bench-$b-jit0-$k.txt 2>&1
      echo "$b jit0 ($k): exit $? $SECONDS"
    done
    timeout 150 /tmp/s60bin/bench-auto --jit 1 --formats dia,brcsd1,brcsd2,cusparse-alg1 --reps 50 \
      --matrix-dir .runtime/s60c/m --csv /tmp/r/bench-new-jit1-$k.csv $G --suite .runtime/s60c/diag33.txt \
      > /tmp/r/bench-new-jit1-$k.txt 2>&1
    echo "new jit1 ($k): exit $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
  for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_product_graphs_gpu test_reordering_gpu test_autotune_gpu; do
    timeout 120 /tmp/s60bin/$t > /tmp/r/$t.txt 2>&1; echo "$t: exit $? $SECONDS"; tail -2 /tmp/r/$t.txt | head -1
  done
)
tar czf $OUT/r.tgz -C /tmp r
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
P=build-cuda-petsc/examples/aijadaptive-poisson
for k in 1 2; do
  for st in 7 27; do
    for j in 0 1; do
      timeout 100 $P -n 24 -stencil $st -types aijadaptive,sellcuda,aijcusparse -mult_reps 2000 -mult_rounds 5 \
        -ksp_max_it 20 -mat_aijadaptive_jit $j -ksp_view_mat ::ascii_info > /tmp/r/petsc-$st-jit$j-$k.txt 2>&1
      echo "$st-point 24^3 jit $j ($k): exit $? $SECONDS"; grep -A3 "interleaved" /tmp/r/petsc-$st-jit$j-$k.txt | tail -3
    done
  done
done
tar czf $OUT/r.tgz -C /tmp r
