#!/usr/bin/env bash
# Call F (stop 62), issue 11: the working tree's segspmv (phased loads for streamed slots, the byte weights
# of call E) - test_segspmv_gpu with its new streamed sets, and its memcheck; the benchmark's suite
# (examples/bench/suite.txt: its 12 generated matrices and the 72 real ones) plus three regular generated
# ones, segspmv against ipcsr, suraa, auto and cuSPARSE ALG1/ALG2, with set-up (--setup-reps 5), two rounds.
# Carry: .runtime/s60c (gpu-libs.tar.xz, all/), .runtime/s62 (bin6.tar.xz, this script).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
R=/tmp/r; rm -rf $R && mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s62/bin6.tar.xz -C /tmp
mkdir -p /tmp/gl && tar xJf .runtime/s60c/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
save() { tar czf $OUT/r.tgz -C /tmp r; }
(cd $R && timeout 150 /tmp/b6/test_segspmv_gpu > test.txt 2>&1; echo "test: exit $?"; tail -2 test.txt
 timeout 400 compute-sanitizer --tool memcheck --leak-check full /tmp/b6/test_segspmv_gpu > memcheck.txt 2>&1
 echo "memcheck: exit $?"; tail -3 memcheck.txt)
save
for r in 1 2; do
  timeout 400 /tmp/b6/aijadaptive-bench --formats segspmv,ipcsr,suraa,auto,cusparse-alg1,cusparse-alg2 --reps 30 \
    --setup-reps 5 --pattern-values random --suite examples/bench/suite.txt --matrix-dir .runtime/s60c/all \
    --csv $R/suite-r$r.csv gen:fem:n=40,dof=3 gen:stencil27:n=100 gen:qcd:L=12 > $R/suite-r$r.txt 2>&1
  echo "suite r$r: $? at ${SECONDS}s"; save
done
