#!/usr/bin/env bash
# Call 6 (stop 58), issue 13: call 5's oracle.txt and heldout.txt runs again with longer limits (call
# 5's hit theirs), 411ae02's benchmark ("final"), on the machine call 5 left warm.
# Carry: .runtime/s58 (bench-long.xz, gpu-libs.tar.xz). Run as one command line.
xz -dc .runtime/s58/bench-long.xz > /tmp/bench-final && chmod +x /tmp/bench-final
mkdir -p /tmp/gl && tar xJf .runtime/s58/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
F=csr,ipcsr,dia,brcsd1,brcsd2,inode,suraa,segspmv,argcsr,auto,tune,cusparse-alg1,cusparse-alg2
git show HEAD:examples/bench/oracle.txt > /tmp/oracle.txt
git show HEAD:examples/bench/heldout.txt > /tmp/heldout.txt
timeout 200 /tmp/bench-final --formats $F --reps 30 --csv $OUT/r/oracle-gen-final.csv --suite /tmp/oracle.txt > $OUT/r/oracle-gen-final.txt 2>&1; echo "gen $? $SECONDS"
timeout 150 /tmp/bench-final --formats $F --reps 30 --csv $OUT/r/heldout-final.csv --suite /tmp/heldout.txt > $OUT/r/heldout-final.txt 2>&1; echo "heldout $? $SECONDS"
