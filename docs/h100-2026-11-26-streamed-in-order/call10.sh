# Session 34, call 10 (H100): where a streamed host-vector MatMult's time goes (Debian PETSc 3.18,
# 7- and 27-point 160^3): a throwaway plugin that times each streamed product with events.
set -uo pipefail
source config/gpu/run.sh debian /work/main >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache
xz -dc .runtime/profxz/libpetscaijadaptive.so.xz > .runtime/unpacked/debian-libs/lib/libpetscaijadaptive.so
mkdir -p /tmp/o10
P=build/examples/aijadaptive-poisson
build/examples/aijadaptive-transfer-bandwidth 0.5 2 8 31.25 > /tmp/o10/bandwidth.txt 2>&1
for s in 7 27; do
  for mib in 2 8; do
    AIJA_STREAM_PROFILE=1 timeout 150 $P -n 160 -stencil $s -types aijadaptive -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 -mat_aijadaptive_stream_piece_mib $mib > /tmp/o10/host-$s-$mib.txt 2>&1
  done
done
for f in /tmp/o10/host-*; do echo "== $f"; grep -E 'stream-profile' $f | tail -2; grep -A1 interleaved $f | tail -1; done
cat /tmp/o10/bandwidth.txt
tar czf $OUT/call10.tgz -C /tmp o10
