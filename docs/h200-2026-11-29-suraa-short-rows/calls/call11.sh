#!/usr/bin/env bash
# Call 11 (stop 54), issue 17: does the host's share of a small MatMult depend on the core the
# process runs on? The host's topology (lscpu, nvidia-smi topo -m), then call 9's 7-point 24^3 run
# (aijadaptive and sellcuda) pinned with taskset to each of several cores, twice, and unpinned.
# Carry: .runtime/cudapetsc-libs.tar.xz and .runtime/cudapetsc-tree.tar.xz (as call 9).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
source config/gpu/run.sh cudapetsc /work/main
export PETSC_OPTIONS="-use_gpu_aware_mpi 0"
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(lscpu; nvidia-smi topo -m; cat /proc/cpuinfo | grep MHz) > /tmp/r/topology.txt 2>&1
grep -E "^(Model name|CPU\(s\)|NUMA|Thread|Core|Socket)" /tmp/r/topology.txt
run() {  # name, then the command's prefix
  local name=$1; shift
  timeout 60 "$@" build-cuda-petsc/examples/aijadaptive-poisson -n 24 -stencil 7 -types aijadaptive,sellcuda \
    -mult_reps 2000 -mult_rounds 5 -ksp_max_it 20 > /tmp/r/pin-$name.txt 2>&1
  echo "$name: $(grep -A2 interleaved /tmp/r/pin-$name.txt | tail -2 | awk '{printf "%s %s (enqueued %s); ", $1, $2*1000, $(NF-1)*1000}')"
}
for k in 1 2; do
  run none-$k env
  for c in 0 1 4 8 12 15; do run core$c-$k taskset -c $c; done
done
tar czf $OUT/r.tgz -C /tmp r
