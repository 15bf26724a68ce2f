#!/usr/bin/env bash
# Call F (stop 63), issue 17 with the CI's build of b5fa8c2 (Debian's PETSc 3.18: host vectors): the
# 7-point stencil of 160^3 through PETSc with host vectors, streamed (the default), three processes, then
# PETSc's aij on 16 ranks (the host's 16 cores). Carry: .runtime/ci-libs.tar.xz, .runtime/ci-tree.tar.xz, this script (.runtime/s63ci).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh ci /tmp/ci-clone
rm -rf /tmp/r && mkdir -p /tmp/r
b=/tmp/ci-clone/build/examples
for k in 1 2 3; do
  timeout 100 $b/aijadaptive-poisson -n 160 -stencil 7 -types aijadaptive -mult_reps 100 -mult_rounds 5 \
    -ksp_max_it 20 < /dev/null > /tmp/r/host-7-$k.txt 2>&1
  echo "7-point 160^3, host vectors, streamed ($k): exit $?"; grep -E "  aijadaptive " /tmp/r/host-7-$k.txt | tail -2
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 100 mpiexec -n 16 $b/aijadaptive-poisson -n 160 -stencil 7 -types aij -mult_reps 100 \
  -mult_rounds 5 -ksp_max_it 20 > /tmp/r/aij16-7.txt 2>&1
echo "7-point 160^3, aij on 16 ranks: exit $?"; grep -E "  aij " /tmp/r/aij16-7.txt | tail -2
tar czf $OUT/r.tgz -C /tmp r
