#!/usr/bin/env bash
# Call 3 (stop 49): tune with 5 and with 20 timed products per candidate (--tune-products), in
# turn, two rounds each, on the 72 real matrices, and every format once in the same call (the
# per-matrix best that tune's choices are measured against). Same binaries as calls 1-2.
# Carry: .runtime/g7 and .runtime/matrices.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/g7/gpu-libs.tar.xz -C /tmp/gl
tar xJf .runtime/g7/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "oracle $? $SECONDS"
for round in 1 2; do
  for p in 5 20; do
    timeout 60 $B --formats tune --tune-products $p --pattern-values random --reps 30 --csv /tmp/r/tune$p-$round.csv .runtime/matrices/*.mtx.gz > /tmp/r/tune$p-$round.txt 2>&1; echo "tune $p round $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
