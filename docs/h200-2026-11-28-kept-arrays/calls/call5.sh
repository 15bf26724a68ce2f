#!/usr/bin/env bash
# Call 5 (stop 47): the oracle table on the H200 at 628cb8f: every format, auto, tune and cuSPARSE
# ALG1/ALG2 on the 72 real matrices and the 34 generated ones of examples/bench/oracle.txt, pattern
# files with random values, 30 repetitions (the H100 table of docs/h100-2026-11-24-oracle used 50).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
xz -dc .runtime/v5/bench.xz > /tmp/bench && chmod +x /tmp/bench
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
timeout 200 /tmp/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-real.csv .runtime/matrices/*.mtx.gz > /tmp/r/oracle-real.txt 2>&1; echo "real $? $SECONDS"
timeout 330 /tmp/bench --formats $F --pattern-values random --reps 30 --csv /tmp/r/oracle-gen.csv --suite examples/bench/oracle.txt > /tmp/r/oracle-gen.txt 2>&1; echo "gen $? $SECONDS"
grep -E "WRONG|ERROR|error" /tmp/r/oracle-*.txt | head
python3 examples/bench/oracle_table.py /tmp/r/oracle-real.csv /tmp/r/oracle-gen.csv | tail -30
tar czf $OUT/r.tgz -C /tmp r
