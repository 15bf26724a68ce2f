#!/usr/bin/env bash
# Call 4: suraa's group limits on the small irregular matrices (existing parameters), each variant a run with cuSPARSE ALG1.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
B=build-gpu/examples/aijadaptive-bench
M=.runtime/matrices
cv2="vsp_sctap1-2b_and_seymourl ca-HepPh mult_dcop_01 memplus rajat01 adder_dcop_05 rajat19 hangGlider_2 add32"
files=$(for m in $cv2; do echo $M/$m.mtx.gz; done)
mkdir -p $OUT/v
for v in default short_limit=8 short_limit=16 short_limit=32 short_limit=8+long_limit=512 short_limit=16+long_limit=512 short_limit=8+long_limit=256 short_limit=4+long_limit=256 short_limit=16+long_limit=1024; do
  args=""; [ $v != default ] && for p in ${v//+/ }; do args="$args --param suraa.$p"; done
  timeout 100 $B --formats suraa,ipcsr,cusparse-alg1 $args --csv $OUT/v/$v.csv $files > /tmp/$v.txt 2>&1; echo "$v rc $?"
done
cd $OUT && tar czf v.tgz v && rm -rf v
