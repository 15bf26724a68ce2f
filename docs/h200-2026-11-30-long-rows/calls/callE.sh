#!/usr/bin/env bash
# Call E (stop 65), issue 13: the oracle table (every format, auto and tune, --reps 30, one round)
# of the build with the rule "irregular rows with a row over 2048 entries under 1M nonzeros:
# segspmv": first the new held-out set heldout3.txt, then the fitted sets it changes (oracle,
# heldout, heldout2), as long as the call's time lasts.
# Carry: .runtime/s65 (binE.tar.xz, gpu-libs.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s65/binE.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s65/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
for s in ${SETS:-heldout3 oracle heldout heldout2}; do
  timeout 220 /tmp/b65/s-bench-new --formats $F --reps 30 --csv /tmp/r/$s.csv --suite examples/bench/$s.txt > /tmp/r/$s.txt 2>&1
  echo "$s: exit $? at ${SECONDS}s"; save
done
