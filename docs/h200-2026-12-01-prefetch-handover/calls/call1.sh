#!/usr/bin/env bash
# Call 1 (stop 68): where the mid-size matrices' uploads go (the arrays sent during the analysis).
# Topology; CUPTI timelines of the benchmark's set-ups of four matrices; then five mid-size matrices
# in 6 processes unpinned and 6 pinned to the GPU's local CPUs (round-to-round spread).
# Carry: .runtime/s68 (bin1, this script), .runtime/s67/gpu-libs.tar.xz, .runtime/s66/trace, .runtime/s64/all.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/b
nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv,noheader | tee /tmp/r/gpu.txt
{ lscpu; nvidia-smi topo -m; cat /proc/self/status | grep -i cpus_allowed_list; numactl -H 2>&1; } > /tmp/r/topo.txt 2>&1
bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//')
local=$(cat /sys/bus/pci/devices/$bus/local_cpulist 2>/dev/null); echo "bus $bus local $local" | tee -a /tmp/r/topo.txt
M=.runtime/s64/all
mkdir -p /tmp/gl && tar xJf .runtime/s67/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/s68/bin1.tar.xz -C /tmp/b
root=$(pwd); T=$root/.runtime/s66/trace
for f in fidapex6 crack 4elt mbeacxc; do
  LD_LIBRARY_PATH="$T:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$T/libaija_trace.so AIJA_TRACE_FILE=/tmp/r/trace-bench-$f.csv \
    timeout 60 /tmp/b/bench --formats auto,cusparse-alg1 --reps 3 --warmup 1 --setup-reps 5 $M/$f.mtx.gz > /tmp/r/traced-bench-$f.txt 2>&1
  echo "trace bench $f $? at ${SECONDS}s"
done
printf '%s\n' crack.mtx.gz fidapex6.mtx.gz 4elt.mtx.gz cage10.mtx.gz mbeacxc.mtx.gz > /tmp/r/five.txt
for p in 1 2 3 4 5 6; do
  for pin in no yes; do
    pre=""; [ $pin = yes ] && [ -n "$local" ] && pre="taskset -c $local"
    timeout 60 $pre /tmp/b/bench --formats auto,cusparse-alg1,cusparse-alg2 --reps 10 --setup-reps 5 --pattern-values random \
      --matrix-dir $M --suite /tmp/r/five.txt --csv /tmp/r/five-$pin-$p.csv > /tmp/r/five-$pin-$p.txt 2>&1
    echo "five $pin $p exit $? at ${SECONDS}s"
  done
done
for f in fidapex6 crack 4elt mbeacxc cage10; do timeout 60 /tmp/b/setup $M/$f.mtx.gz 40 > /tmp/r/steps-$f.txt 2>&1; done
gzip /tmp/r/*.csv
tar czf $OUT/r.tgz -C /tmp r
