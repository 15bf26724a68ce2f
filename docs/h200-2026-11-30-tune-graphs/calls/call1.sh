#!/usr/bin/env bash
# Call 1 (stop 59), issue 13: tune's candidates timed as graphs. The GPU tests of the change
# (test_autotune_gpu, test_product_graphs_gpu of the working tree over 9fdbd4a); then the two
# benchmarks in turn, 984b992's (HEAD's behaviour) and the change's, every format, auto and tune
# with --tune-min-nnz 0 (every matrix timed): heldout2.txt two rounds, the 72 real matrices one.
# Carry: .runtime/s59 (bench-984b992.xz, bench-new.xz, the two test binaries, gpu-libs.tar.xz,
# heldout2.txt) and .runtime/matrices, with docs/ moved out of the checkout for the call.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/gl && tar xJf .runtime/s59/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for b in bench-984b992 bench-new test_autotune_gpu test_product_graphs_gpu; do
  xz -dc .runtime/s59/$b.xz > /tmp/$b && chmod +x /tmp/$b
done
for t in test_autotune_gpu test_product_graphs_gpu; do
  timeout 120 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $? $SECONDS"; tail -3 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for round in 1 2; do
  for b in bench-984b992 bench-new; do
    timeout 100 /tmp/$b --formats $F --reps 30 --tune-min-nnz 0 --csv /tmp/r/heldout2-$b-$round.csv \
      --suite .runtime/s59/heldout2.txt > /tmp/r/heldout2-$b-$round.txt 2>&1
    echo "heldout2 $b round $round: $? $SECONDS"
    tar czf $OUT/r.tgz -C /tmp r
  done
done
for b in bench-984b992 bench-new; do
  timeout 150 /tmp/$b --formats $F --pattern-values random --reps 30 --tune-min-nnz 0 \
    --csv /tmp/r/real-$b.csv .runtime/matrices/*.mtx.gz > /tmp/r/real-$b.txt 2>&1
  echo "real $b: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
