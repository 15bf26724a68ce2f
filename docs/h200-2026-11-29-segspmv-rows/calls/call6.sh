#!/usr/bin/env bash
# Call 6 (stop 56): 09e7e5d's benchmark (.runtime/x10b: x10's, the same code) over the benchmark's
# suite (examples/bench/suite.txt: 12 large generated and the real matrices of ../shared/matrices),
# segspmv with ipcsr, suraa and cuSPARSE ALG1/ALG2 in the same process, one round; then the
# kernels of L = 8 held to 48 registers (.runtime/x11, experiment: calls/l8-capped.diff) against
# x10b on regular matrices whose rows take L = 8, one process per build, in turn, two rounds.
# Carry: .runtime/x10b, .runtime/x11, .runtime/matrices (the .mtx.gz of ../shared/matrices).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for x in x10b x11; do
  xz -dc .runtime/$x/aijadaptive-bench.xz > /tmp/aijadaptive-bench-$x && chmod +x /tmp/aijadaptive-bench-$x
done
mkdir -p /tmp/gl && tar xJf .runtime/x10b/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gens="gen:fem:n=40,dof=3 gen:stencil7:n=150 gen:stencil7:n=200 gen:dia1:n=1000000,k=7 gen:dia1:n=4000000,k=7"
for round in 1 2; do
  for x in x10b x11; do
    timeout 100 /tmp/aijadaptive-bench-$x --formats segspmv,cusparse-alg1,cusparse-alg2 --reps 50 \
      --csv /tmp/r/$x-$round.csv $gens > /tmp/r/$x-$round.txt 2>&1
    echo "$x $round $? $SECONDS"
  done
done
tar czf $OUT/r.tgz -C /tmp r
timeout 330 /tmp/aijadaptive-bench-x10b --formats segspmv,ipcsr,suraa,cusparse-alg1,cusparse-alg2 \
  --pattern-values random --reps 50 --suite examples/bench/suite.txt --matrix-dir .runtime/matrices \
  --csv /tmp/r/suite-1.csv > /tmp/r/suite-1.txt 2>&1
echo "suite 1 $? $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
