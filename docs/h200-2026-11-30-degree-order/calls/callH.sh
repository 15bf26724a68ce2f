#!/usr/bin/env bash
# Call H (stop 64), issue 10: suraa's parameters on the 8 real matrices of row cv > 2 (one process per
# variant with all 8, cuSPARSE and ipcsr in each, two rounds, --reps 50, random pattern values), on
# f4d2f63's benchmark (bin3).
# Carry: .runtime/s64h (bin3.tar.xz, gpu-libs.tar.xz, m/, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s64h/bin3.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s64h/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
M=$(ls .runtime/s64h/m/*.mtx.gz)
V="default suraa.short_limit=8 suraa.short_limit=32 suraa.long_limit=256 suraa.long_limit=1024 suraa.block_entries=1024 suraa.block_entries=4096 suraa.segment_rows=32 suraa.segment_rows=128"
for round in 1 2; do
  for v in $V; do
    p=(); [ $v = default ] || p=(--param $v)
    timeout 100 /tmp/b64/bench --formats suraa,ipcsr,cusparse-alg1,cusparse-alg2 "${p[@]}" --pattern-values random \
      --reps 50 --csv /tmp/r/r$round-$v.csv $M > /tmp/r/r$round-$v.txt 2>&1
    echo "round $round $v: exit $? at ${SECONDS}s"
  done
done
tar czf $OUT/r.tgz -C /tmp r
