#!/usr/bin/env bash
# Call 8 (stop 70): the refill bar over the 72 real matrices: setup-timing (M 40) of 9c5d58e (the
# session's behaviour; 805318d changed a failure path and a comment), two rounds.
# Carry: .runtime/s70 (bin8.tar.xz, all72.txt, all/, this script).
set -uo pipefail
rm -rf /tmp/r /tmp/p8 && mkdir -p /tmp/r && tar xJf .runtime/s70/bin8.tar.xz -C /tmp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
  while read -r f; do
    m=${f%.mtx.gz}
    timeout 60 /tmp/p8/setup-new .runtime/s70/all/$f 40 > /tmp/r/steps-$m-$round.txt 2>&1
  done < .runtime/s70/all72.txt
  echo "round $round at ${SECONDS}s"
done
tar czf $OUT/r.tgz -C /tmp r
