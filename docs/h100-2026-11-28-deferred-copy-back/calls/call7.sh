#!/usr/bin/env bash
# Call 7 (stop 45): the final code through PETSc 3.26.1 with CUDA (build-cuda-petsc, packed by
# config/gpu/pack.sh as cudapetsc): issue 16's tables (FEM generators, renumbered scalar FEM, fem
# n=120 as given, real FEM-like matrices), every test, and ex56 against aijcusparse and sellcuda.
set -uo pipefail
source config/gpu/run.sh cudapetsc /work/main
export XDG_CACHE_HOME=/tmp/cache PETSC_OPTIONS="-use_gpu_aware_mpi 0"
mkdir -p /tmp/r /root/.pyenv/shims
[ -e /root/.pyenv/shims/python3 ] || ln -s "$(command -v python3)" /root/.pyenv/shims/python3
B=build-cuda-petsc/examples/aijadaptive-bench
F=inode,ipcsr,csr,auto,cusparse-alg1,cusparse-alg2
timeout 150 $B --formats $F --csv /tmp/r/fem.csv gen:fem:n=60,dof=3 gen:fem:n=74,dof=2 gen:fem:n=48,dof=4 gen:fem:n=40,dof=3 > /tmp/r/fem.txt 2>&1; echo "fem rc $? $SECONDS"
timeout 100 $B --formats $F --renumber rcm --first-products 1000 --csv /tmp/r/fem-rcm.csv gen:fem:n=120 gen:fem:n=100 > /tmp/r/fem-rcm.txt 2>&1; echo "fem rcm rc $? $SECONDS"
timeout 60 $B --formats auto,cusparse-alg1,cusparse-alg2 --reps 20 --first-products 1000 --csv /tmp/r/given.csv gen:fem:n=120 > /tmp/r/given.txt 2>&1; echo "given rc $? $SECONDS"
timeout 60 $B --formats $F --pattern-values random --csv /tmp/r/real.csv $(ls .runtime/m16/*.mtx.gz) > /tmp/r/real.txt 2>&1; echo "real rc $? $SECONDS"
for f in fem fem-rcm real; do python3 config/gpu/inode_table.py /tmp/r/$f.csv > /tmp/r/$f-table.txt 2>&1; done
tar czf $OUT/r.tgz -C /tmp r
timeout 280 ctest --test-dir build-cuda-petsc -j 8 --timeout 240 > /tmp/r/ctest.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|\(Failed\)|\(Timeout\)|\(SEGFAULT\)|Not Run" /tmp/r/ctest.txt | head -20
tar czf $OUT/r.tgz -C /tmp r
left=$((575 - SECONDS)); echo "ex56 gets $left s"
[ $left -gt 60 ] && FORMAT=auto OUT=/tmp/r/ex56 RUN_TIMEOUT=150 timeout $left bash config/gpu/ex56.sh > /tmp/r/ex56.txt 2>&1; echo "ex56 rc $? $SECONDS"
tail -14 /tmp/r/ex56.txt
tar czf $OUT/r.tgz -C /tmp r
