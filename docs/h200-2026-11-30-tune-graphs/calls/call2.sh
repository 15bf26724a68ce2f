#!/usr/bin/env bash
# Call 2 (stop 59), issue 13: 7cd23ad (tune's candidates timed as graphs). test_autotune_gpu with
# its counts fixed; then 7cd23ad's benchmark (bench-new, the build of call 1), every format, auto and
# tune with --tune-min-nnz 0: the 72 real matrices two more rounds, oracle.txt and heldout.txt one.
# Carry: .runtime/s59 (bench-new.xz, test_autotune_gpu.xz, gpu-libs.tar.xz) and .runtime/matrices,
# with docs/ moved out of the checkout for the call.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/gl && tar xJf .runtime/s59/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for b in bench-new test_autotune_gpu; do xz -dc .runtime/s59/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
timeout 120 /tmp/test_autotune_gpu > /tmp/r/test_autotune_gpu.txt 2>&1; echo "test_autotune_gpu rc $? $SECONDS"
tail -3 /tmp/r/test_autotune_gpu.txt
tar czf $OUT/r.tgz -C /tmp r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for round in 2 3; do
  timeout 150 /tmp/bench-new --formats $F --pattern-values random --reps 30 --tune-min-nnz 0 \
    --csv /tmp/r/real-bench-new-$round.csv .runtime/matrices/*.mtx.gz > /tmp/r/real-bench-new-$round.txt 2>&1
  echo "real round $round: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
for s in oracle heldout; do
  timeout 150 /tmp/bench-new --formats $F --reps 30 --tune-min-nnz 0 --csv /tmp/r/$s-bench-new.csv \
    --suite examples/bench/$s.txt > /tmp/r/$s-bench-new.txt 2>&1
  echo "$s: $? $SECONDS"
  tar czf $OUT/r.tgz -C /tmp r
done
