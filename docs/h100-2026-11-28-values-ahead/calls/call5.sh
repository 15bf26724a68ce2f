#!/usr/bin/env bash
# Call 5 (stop 44): issue 16's closing figures on the final code, PETSc 3.26.1 with CUDA
# (build-cuda-petsc, packed by config/gpu/pack.sh as cudapetsc): FEM generators (inode, ipcsr, csr,
# auto, cuSPARSE ALG1/ALG2), scalar FEM renumbered by RCM, the real FEM-like matrices, and ex56
# (config/gpu/ex56.sh: aijadaptive against aijcusparse and sellcuda).
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
mkdir -p $OUT/r
B=build-cuda-petsc/examples/aijadaptive-bench
F=inode,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --csv $OUT/r/fem.csv gen:fem:n=60,dof=3 gen:fem:n=74,dof=2 gen:fem:n=48,dof=4 gen:fem:n=40,dof=3 > $OUT/r/fem.txt 2>&1; echo "fem rc $? $SECONDS"
timeout 100 $B --formats $F --renumber rcm --csv $OUT/r/fem-rcm.csv gen:fem:n=120 gen:fem:n=100 > $OUT/r/fem-rcm.txt 2>&1; echo "fem rcm rc $? $SECONDS"
timeout 100 $B --formats $F --pattern-values random --csv $OUT/r/real.csv $(ls .runtime/m16/*.mtx.gz) > $OUT/r/real.txt 2>&1; echo "real rc $? $SECONDS"
for f in fem fem-rcm real; do python3 config/gpu/inode_table.py $OUT/r/$f.csv > $OUT/r/$f-table.txt 2>&1; done
tar czf $OUT/r.tgz -C $OUT r
FORMAT=auto OUT=$OUT/r/ex56 RUN_TIMEOUT=150 timeout 330 bash config/gpu/ex56.sh > $OUT/r/ex56.txt 2>&1; echo "ex56 rc $? $SECONDS"
tail -14 $OUT/r/ex56.txt
tar czf $OUT/r.tgz -C $OUT r
