#!/usr/bin/env bash
# Call 1 (stop 42): where suraa, segspmv and argcsr stand on today's main (4640c53), against ipcsr,
# csr, auto and cuSPARSE ALG1/ALG2, one run per matrix group.
set -uo pipefail
source config/gpu/run.sh gpu /work/main
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
F=suraa,segspmv,argcsr,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2
M=.runtime/matrices
irregular="gen:rmat:scale=22,ef=16 gen:circuit:n=4000000,long=16,len=200000 gen:longrows:n=2000000,count=64,len=131072,short=8"
regular="gen:stencil27:n=128 gen:qcd:L=16 gen:dia1:n=4000000,k=7"
cv2="vsp_sctap1-2b_and_seymourl ca-HepPh mult_dcop_01 memplus rajat01 adder_dcop_05 rajat19 hangGlider_2 add32"
reg="cage11 cage10 Andrews brack2 copter2 bcsstk29 bcsstk17 vibrobox s3rmq4m1 teko_nsjac bcsstk16 Ill_Stokes bcsstk13 bcsstk14 fidapex6 mhd1280b dwt_992 bfw782a utm300 lund_a"
timeout 280 $B --formats $F --csv $OUT/irregular.csv $irregular > $OUT/irregular.txt 2>&1; echo "irregular rc $?"
timeout 250 $B --formats $F --csv $OUT/regular.csv $regular > $OUT/regular.txt 2>&1; echo "regular rc $?"
timeout 120 $B --formats $F --renumber rcm --csv $OUT/fem.csv gen:fem:n=120 > $OUT/fem.txt 2>&1; echo "fem rc $?"
timeout 150 $B --formats $F --csv $OUT/cv2.csv $(for m in $cv2; do echo $M/$m.mtx.gz; done) > $OUT/cv2.txt 2>&1; echo "cv2 rc $?"
timeout 200 $B --formats $F --csv $OUT/reg.csv $(for m in $reg; do echo $M/$m.mtx.gz; done) > $OUT/reg.txt 2>&1; echo "reg rc $?"
tail -5 $OUT/irregular.txt
