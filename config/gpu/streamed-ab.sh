#!/usr/bin/env bash
# Issue 17: the host-vector MatMult of Debian's PETSc (7- and 27-point 160^3,
# one rank) with this build's plugin and with another one (BEFORE_LIB: a
# folder holding an older libpetscaijadaptive.so, put first on
# LD_LIBRARY_PATH, which the binaries' RUNPATH gives way to), alternating
# processes, two of each (POISSON_OPTS: more options for both); then the
# Debian build's GPU tests.
# In the repo root on the GPU machine with .runtime/ carried.
set -uo pipefail
out=${OUT:-/tmp/aija-out}
logs=$(mktemp -d)
export XDG_CACHE_HOME=$logs/cache
(
  source config/gpu/run.sh debian /work/main
  for st in 7 27; do
    for k in 1 2; do
      for variant in before after; do
        lib=""
        [ $variant = before ] && lib="$(pwd)/${BEFORE_LIB:?}:"
        LD_LIBRARY_PATH="$lib$LD_LIBRARY_PATH" timeout 150 build/examples/aijadaptive-poisson -n 160 -stencil $st \
          -types aijadaptive -mult_reps 100 -mult_rounds 5 -ksp_max_it 20 ${POISSON_OPTS:-} > "$logs/host-$st-$variant-$k.txt" 2>&1
        echo "$st-point 160^3, $variant ($k): exit $? -- $(grep -E '^  aijadaptive ' "$logs/host-$st-$variant-$k.txt")"
      done
    done
  done
  timeout 240 ctest --test-dir build -L gpu -j 4 --output-on-failure > "$logs/ctest-gpu-debian.txt" 2>&1
  echo "ctest -L gpu (Debian PETSc 3.18): exit $? -- $(grep -E 'tests passed' "$logs/ctest-gpu-debian.txt")"
  grep -E "\(Failed\)|\(Timeout\)|\(SEGFAULT\)" "$logs/ctest-gpu-debian.txt" | head
)
tar czf "$out/streamed-ab.tar.gz" -C "$logs" --exclude=cache .
