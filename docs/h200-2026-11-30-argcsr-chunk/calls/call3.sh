#!/usr/bin/env bash
# Call 3 (stop 61), issues 13 and 12 on 20ae5ce (argcsr's desired chunk by the matrix):
# - the oracle table: every format, auto and tune on the 72 real matrices (random pattern values),
#   examples/bench/oracle.txt (fitted) and examples/bench/heldout2.txt (held out), one round each;
# - argcsr's long rows on the seven real circuit matrices: long_chunk 2, 4, 8 (default) and
#   long_row 1024 (parts from 1024 entries), one process each, two rounds.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s61 (bin3.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s61/bin3.tar.xz -C /tmp && chmod +x /tmp/s61c/*
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
C="rajat01 rajat19 add32 adder_dcop_05 mult_dcop_01 memplus hangGlider_2"
CF=$(for m in $C; do echo -n "$m.mtx.gz "; done)
for r in 1 2; do
  for p in argcsr.long_chunk=8 argcsr.long_chunk=2 argcsr.long_chunk=4 argcsr.long_row=1024; do
    timeout 60 /tmp/s61c/bench --formats argcsr,cusparse-alg1,cusparse-alg2 --reps 50 --pattern-values random \
      --param $p --matrix-dir .runtime/s60c/all --csv /tmp/r/long-$p-r$r.csv $CF > /tmp/r/long-$p-r$r.txt 2>&1
    echo "long $p round $r: exit $? at ${SECONDS}s"
  done
done
save
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 170 /tmp/s61c/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv \
  --matrix-dir .runtime/s60c/all --suite .runtime/s60c/all72.txt > /tmp/r/oracle-real.txt 2>&1
echo "real: exit $? at ${SECONDS}s"; save
timeout 170 /tmp/s61c/bench --formats $F --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt \
  > /tmp/r/oracle-gen.txt 2>&1
echo "oracle.txt: exit $? at ${SECONDS}s"; save
timeout 170 /tmp/s61c/bench --formats $F --reps 30 --csv /tmp/r/heldout2.csv --suite examples/bench/heldout2.txt \
  > /tmp/r/heldout2.txt 2>&1
echo "heldout2.txt: exit $? at ${SECONDS}s"; save
