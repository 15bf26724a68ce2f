#!/usr/bin/env bash
# Call 7 (stop 54), issue 17 with the CI's build of 5cabc9c (Debian's PETSc 3.18, no CUDA in
# PETSc: host vectors): aijadaptive-launch-floor; the benchmark on the 7- and 27-point stencils of
# 24^3 (auto against cuSPARSE, per-call CUDA events); the 7- and 27-point stencils of 160^3 through
# PETSc with host vectors, streamed (the default) and one after the other
# (-mat_aijadaptive_stream_min_mib -1), then PETSc's aij on 16 ranks (the host's 16 cores).
# Carry: .runtime/ci-libs.tar.xz and .runtime/ci-tree.tar.xz (as call 5).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
b=/tmp/ci-clone/build/examples
for k in 1 2; do
  timeout 60 $b/aijadaptive-launch-floor 24 20000 > /tmp/r/floor-$k.txt 2>&1; echo "floor $k $?"; cat /tmp/r/floor-$k.txt | tail -8
done
timeout 60 $b/aijadaptive-bench --formats auto,cusparse-alg1,cusparse-alg2 --reps 2000 --warmup 100 \
  gen:stencil7:n=24 gen:stencil27:n=24 > /tmp/r/bench-24.txt 2>&1; echo "bench 24 $?"
grep -E "^matrix|^  (auto|cusparse)" /tmp/r/bench-24.txt | cut -c1-110
tar czf $OUT/r.tgz -C /tmp r
for st in 7 27; do
  for k in 1 2; do
    for v in "min4 -mat_aijadaptive_stream_min_mib 4" "off -mat_aijadaptive_stream_min_mib -1"; do
      set -- $v
      name=$1; shift
      timeout 150 $b/aijadaptive-poisson -n 160 -stencil $st -types aijadaptive -mult_reps 100 -mult_rounds 5 \
        -ksp_max_it 20 "$@" < /dev/null > /tmp/r/host-$st-$name-$k.txt 2>&1
      echo "$st-point 160^3, host vectors, $name ($k): exit $?"
      grep -E "MatMult|  aijadaptive " /tmp/r/host-$st-$name-$k.txt | tail -3
    done
  done
  timeout 150 mpiexec -n 16 $b/aijadaptive-poisson -n 160 -stencil $st -types aij -mult_reps 100 \
    -mult_rounds 5 -ksp_max_it 20 > /tmp/r/aij16-$st.txt 2>&1
  echo "$st-point 160^3, aij on 16 ranks: exit $?"; grep -E "MatMult|  aij " /tmp/r/aij16-$st.txt | tail -3
  tar czf $OUT/r.tgz -C /tmp r
done
