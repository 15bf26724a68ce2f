# Session 34, call 14 (H100): as call 11 (before: three loops; after: in order), with the poisson example that no
# longer adds a host norm of x to a host-vector MatMult's time (WaitFor); aij on 16 ranks in the same call.
set -uo pipefail
source config/gpu/run.sh debian /work/main >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache
L=.runtime/unpacked/debian-libs/lib
mkdir -p .runtime/before-deb /tmp/o14
cp $L/libpetscaijadaptive.so .runtime/before-deb/   # packed at cf7eb32: the three loops
cp build/plugin/libpetscaijadaptive.so $L/           # this build: in order
P=build/examples/aijadaptive-poisson
for st in 7 27; do
  for k in 1 2 3; do
    for v in before after; do
      lib=""; [ $v = before ] && lib="$(pwd)/.runtime/before-deb:"
      LD_LIBRARY_PATH="$lib$LD_LIBRARY_PATH" timeout 150 $P -n 160 -stencil $st -types aijadaptive -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 > /tmp/o14/host-$st-$v-$k.txt 2>&1
      echo "$st $v $k: $(grep -A1 interleaved /tmp/o14/host-$st-$v-$k.txt | tail -1)"
    done
  done
  timeout 150 mpiexec -n 16 $P -n 160 -stencil $st -types aij -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 > /tmp/o14/aij16-$st.txt 2>&1
  echo "$st aij16: $(grep -A1 interleaved /tmp/o14/aij16-$st.txt | tail -1)"
done
tar czf $OUT/call14.tgz -C /tmp o14
