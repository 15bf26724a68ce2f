#!/usr/bin/env bash
# Call A (stop 64): R-MAT matrices in their own (scrambled) order, sorted by column degree
# (order=1), and in degree groups (order=2), every CSR-family format and cuSPARSE, two rounds.
# The experiment build: HEAD f91d6aa plus the generator key `order` (calls/order-key.patch).
# Carry: .runtime/s64 (bin1.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s64/bin1.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s64/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
F=csr,ipcsr,suraa,segspmv,argcsr,auto,cusparse-alg1,cusparse-alg2
M="scale=16,ef=16 scale=18,ef=16 scale=20,ef=8,seed=2 scale=19,ef=24,seed=3 scale=18,ef=16,a=0.45,b=0.22,c=0.22 scale=22,ef=8"
for round in 1 2; do
  for m in $M; do
    for o in 0 1 2; do
      timeout 120 /tmp/b64/bench-exp --formats $F --reps 30 --csv /tmp/r/r$round-$m-o$o.csv "gen:rmat:$m,order=$o" \
        > /tmp/r/r$round-$m-o$o.txt 2>&1
      echo "round $round $m order $o: exit $? at ${SECONDS}s"
    done
    save
  done
done
