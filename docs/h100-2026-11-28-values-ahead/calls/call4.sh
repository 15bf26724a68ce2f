#!/usr/bin/env bash
# Call 4 (stop 44): ipcsr (rows_block, row_block) and argcsr loading the next step's values ahead
# too, beyond L2 (bench-ia), against HEAD 3840a22 (base), alternating, two rounds.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
for f in .runtime/v46x/*.xz; do b=/tmp/$(basename $f .xz); xz -dc $f > $b; chmod +x $b; done
for round in 1 2; do
  for b in ia base; do
    timeout 80 /tmp/bench-$b --formats ipcsr,argcsr,cusparse-alg1,cusparse-alg2 --csv $OUT/r/reg-$b-$round.csv gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7 > /dev/null 2>&1; echo "regular $b $round rc $? $SECONDS"
    timeout 100 /tmp/bench-$b --formats ipcsr,argcsr,cusparse-alg1 --csv $OUT/r/irr-$b-$round.csv gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8 > /dev/null 2>&1; echo "irregular $b $round rc $? $SECONDS"
    timeout 60 /tmp/bench-$b --formats ipcsr,cusparse-alg1 --renumber rcm --csv $OUT/r/fem-$b-$round.csv gen:fem:n=120 > /dev/null 2>&1; echo "fem $b $round rc $? $SECONDS"
  done
done
python3 .runtime/c5/table.py $OUT/r/*.csv | sort -k2,2 -k3,3 -k1,1 > $OUT/r/table.txt
tar czf $OUT/r.tgz -C $OUT r
