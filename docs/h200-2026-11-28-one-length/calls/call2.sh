#!/usr/bin/env bash
# Call 2 (stop 50): where suraa's set-up goes now. The build of c46e947 (call 1's build plus the
# suraa layout's single counting pass, without zeroing the order) is "new"; call 1's build "mid"; the
# stop's start (3266e70) "old". Every GPU test of build-gpu; the set-up steps of a new matrix
# (aijadaptive-setup-timing M 30) mid and new, in turn, two rounds; CUPTI timelines of three
# set-ups of two matrices (new); auto and suraa in the benchmark (median of 5 fresh set-ups)
# old, mid and new in turn, two rounds; host->device copies of 4 KiB to 1 MiB.
# Carry: .runtime/g11 and .runtime/msub (the 19 matrices read, copied from .runtime/matrices).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
here=$(pwd)
[ -e /work/main ] || { mkdir -p /work && ln -s "$here" /work/main; }
V=.runtime/g11
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf $V/gpu-libs.tar.xz -C /tmp/gl
tar xJf $V/gpu-tree.tar.xz -C "$here"  # before env.sh, whose libraries are not the machine's tar's
for b in bench-old bench-mid setup-mid; do xz -dc $V/$b.xz > /tmp/$b && chmod +x /tmp/$b; done
source /tmp/gl/gpu-libs/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=build-gpu/examples/aijadaptive-bench
S=build-gpu/examples/aijadaptive-setup-timing
M=.runtime/msub  # the matrices this call reads, of .runtime/matrices
C=docs/h200-2026-11-28-one-length/calls
timeout 200 ctest --test-dir build-gpu -L gpu -j 4 --timeout 150 > /tmp/r/ctest-gpu.txt 2>&1; echo "ctest rc $? $SECONDS"
grep -E "tests passed|Failed|\*\*\*" /tmp/r/ctest-gpu.txt | head
tar czf $OUT/r.tgz -C /tmp r
steps="jagmesh7 orsirr_1 commanche_dual whitaker3 rajat01 wing teko_nsjac s3rmq4m1 Ill_Stokes cage11"
for round in 1 2; do
  for v in mid new; do
    s=$S; [ $v = mid ] && s=/tmp/setup-mid
    for f in $steps; do timeout 30 $s $M/$f.mtx.gz 30 > /tmp/r/steps-$v-$round-$f.txt 2>&1; done
    timeout 30 $s gen:qcd:L=4 30 > /tmp/r/steps-$v-$round-qcd4.txt 2>&1
    echo "steps $v $round $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
root=$(pwd)
for f in jagmesh7 wing; do
  LD_LIBRARY_PATH="$root/$V/trace:$LD_LIBRARY_PATH" CUDA_INJECTION64_PATH=$root/$V/trace/libaija_trace.so \
    AIJA_TRACE_FILE=/tmp/r/trace-$f.csv timeout 60 $S $M/$f.mtx.gz 3 > /tmp/r/traced-$f.txt 2>&1; echo "trace $f $?"
done
gzip -f /tmp/r/trace-*.csv
tar czf $OUT/r.tgz -C /tmp r
real="4elt commanche_dual hammond Ill_Stokes jagmesh7 orsirr_1 s3rmq4m1 teko_nsjac whitaker3 wing adder_dcop_05 hangGlider_2 rajat01 rajat19 memplus ca-HepPh mult_dcop_01 vsp_sctap1-2b_and_seymourl"
files=$(for m in $real; do echo $M/$m.mtx.gz; done)
for round in 1 2; do
  for v in old mid new; do
    b=$B; [ $v != new ] && b=/tmp/bench-$v
    timeout 60 $b --formats auto,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-real-$v-$round.csv $files > /tmp/r/ab-real-$v-$round.txt 2>&1; echo "ab real $v $round: $? $SECONDS"
    timeout 40 $b --formats auto,suraa,cusparse-alg1,cusparse-alg2 --pattern-values random --reps 30 --setup-reps 5 --csv /tmp/r/ab-gen-$v-$round.csv --suite $C/setup.txt > /tmp/r/ab-gen-$v-$round.txt 2>&1; echo "ab gen $v $round: $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
timeout 60 build-gpu/examples/aijadaptive-transfer-bandwidth 0.00390625 0.015625 0.0625 0.25 1 > /tmp/r/transfer.txt 2>&1; echo "transfer $?"
tar czf $OUT/r.tgz -C /tmp r
