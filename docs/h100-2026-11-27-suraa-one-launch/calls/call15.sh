#!/usr/bin/env bash
# Call 15: every real matrix of the suite (complex ones left out) with auto, suraa, ipcsr, argcsr, csr and
# cuSPARSE ALG1/ALG2 in one run, e777dcc's build: which format is fastest on the small matrices now.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
mkdir -p $OUT/r
B=build-gpu/examples/aijadaptive-bench
timeout 500 $B --formats auto,suraa,ipcsr,argcsr,csr,cusparse-alg1,cusparse-alg2 --csv $OUT/r/real.csv .runtime/matrices/*.mtx.gz > $OUT/r/real.txt 2>&1; echo "real rc $?"
cd $OUT && tar czf r.tgz r && rm -rf r
