# Session 34, call 12 (H100): piece size of the in-order streamed product (this build), Debian PETSc, 160^3.
set -uo pipefail
source config/gpu/run.sh debian /work/main >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache
cp build/plugin/libpetscaijadaptive.so .runtime/unpacked/debian-libs/lib/
mkdir -p /tmp/o12
P=build/examples/aijadaptive-poisson
for st in 7 27; do
  for k in 1 2; do
    for mib in 1 2 3 4 6; do
      timeout 150 $P -n 160 -stencil $st -types aijadaptive -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 -mat_aijadaptive_stream_piece_mib $mib > /tmp/o12/host-$st-$mib-$k.txt 2>&1
      echo "$st ${mib}MiB $k: $(grep -A1 interleaved /tmp/o12/host-$st-$mib-$k.txt | tail -1)"
    done
  done
done
tar czf $OUT/call12.tgz -C /tmp o12
