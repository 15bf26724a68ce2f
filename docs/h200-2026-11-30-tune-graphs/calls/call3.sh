#!/usr/bin/env bash
# Call 3 (stop 59), issue 13: 7cd23ad's benchmark (bench-new) with host vectors (--vectors host),
# where products run without graphs: every format, auto and tune with --tune-min-nnz 0, the 72 real
# matrices two rounds, heldout2.txt one.
# Carry: .runtime/s59 (bench-new.xz, gpu-libs.tar.xz, heldout2.txt) and .runtime/matrices, with docs/
# moved out of the checkout for the call.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/gl && tar xJf .runtime/s59/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/s59/bench-new.xz > /tmp/bench-new && chmod +x /tmp/bench-new
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for round in 1 2; do
  timeout 170 /tmp/bench-new --formats $F --vectors host --pattern-values random --reps 30 --tune-min-nnz 0 \
    --csv /tmp/r/real-host-$round.csv .runtime/matrices/*.mtx.gz > /tmp/r/real-host-$round.txt 2>&1
  echo "real host round $round: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
timeout 150 /tmp/bench-new --formats $F --vectors host --reps 30 --tune-min-nnz 0 --csv /tmp/r/heldout2-host.csv \
  --suite .runtime/s59/heldout2.txt > /tmp/r/heldout2-host.txt 2>&1
echo "heldout2 host: $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
