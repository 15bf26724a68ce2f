#!/usr/bin/env bash
# Call 5 (stop 58), issues 13 and 10: the final build (411ae02: the rules of 7fec02c and suraa's
# long segments by the longest row), "final":
# - heldout2.txt, every format, auto and tune, two rounds (call 2 ran a0c02c8 and 7fec02c);
# - the 72 real matrices, oracle.txt and heldout.txt, one round (call 3 ran a0c02c8 and 7fec02c);
# - auto's set-up against cuSPARSE's (--setup-reps 5) on calls/changed-choices.txt, a0c02c8
#   ("head") and final in turn, two rounds.
# Carry: .runtime/s58 (bench-head.xz, bench-long.xz = 411ae02's benchmark, gpu-libs.tar.xz) and
# .runtime/matrices. With docs/ the carry was over 64 MiB: this script and changed-choices.txt ran
# from a copy in .runtime/s58 (CALLS=$PWD/.runtime/s58 bash .runtime/s58/call5.sh), docs/ moved out
# of the checkout for the call. Its gen and heldout runs hit their time limits (the kernel cache was
# cold): call 6 ran them again.
set -uo pipefail
repo=$PWD
calls=${CALLS:-$repo/docs/h200-2026-11-29-selector-heldout/calls}
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s58/bench-head.xz > /tmp/bench-head && xz -dc .runtime/s58/bench-long.xz > /tmp/bench-final
chmod +x /tmp/bench-head /tmp/bench-final
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
save() { tar czf $OUT/r.tgz -C /tmp r; }
for round in 1 2; do
  timeout 120 /tmp/bench-final --formats $F --reps 30 --csv /tmp/r/heldout2-final-$round.csv \
    --suite "$repo/examples/bench/heldout2.txt" > /tmp/r/heldout2-final-$round.txt 2>&1
  echo "heldout2 final round $round: $? $SECONDS"; save
done
timeout 100 /tmp/bench-final --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real-final.csv \
  .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real-final.txt 2>&1; echo "real $? $SECONDS"; save
timeout 60 /tmp/bench-final --formats $F --reps 30 --csv /tmp/r/oracle-gen-final.csv --suite "$repo/examples/bench/oracle.txt" > /tmp/r/oracle-gen-final.txt 2>&1; echo "gen $? $SECONDS"; save
timeout 50 /tmp/bench-final --formats $F --reps 30 --csv /tmp/r/heldout-final.csv --suite "$repo/examples/bench/heldout.txt" > /tmp/r/heldout-final.txt 2>&1; echo "heldout $? $SECONDS"; save
for round in 1 2; do
  for b in head final; do
    timeout 40 /tmp/bench-$b --formats auto,cusparse-alg1,cusparse-alg2 --setup-reps 5 --reps 10 --pattern-values random \
      --matrix-dir "$repo/.runtime/matrices" --csv /tmp/r/setup-$b-$round.csv --suite "$calls/changed-choices.txt" > /tmp/r/setup-$b-$round.txt 2>&1
    echo "setup $b round $round: $? $SECONDS"; save
  done
done
