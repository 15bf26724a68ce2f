#!/usr/bin/env bash
# Call 2 (stop 57): where the set-up of large matrices goes, old (HEAD 317acb9) and new in turn:
# aijadaptive-setup-timing MATRIX 10 format=F (for auto: no format=, the selector's choice), two
# rounds, each run its own process. The old tool names the selector's choice in its step lines
# (host build, upload) whatever F; the new one F's, and times the analysis's features alone.
# Carry: .runtime/s1 (as call 1).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
for f in .runtime/s1/setup-*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/$b && chmod +x /tmp/$b; done
mkdir -p /tmp/gl && tar xJf .runtime/s1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
C1=gen:circuit:n=1000000,long=16,len=50000
C4=gen:circuit:n=4000000,long=16,len=200000
R18=gen:rmat:scale=18,ef=16
S27=gen:stencil27:n=40
F3=gen:fem:n=40,dof=3
LR=gen:longrows:n=200000,count=8,len=65536
cases="suraa@$C1 segspmv@$C1 argcsr@$C1 auto@$C1 suraa@$C4 segspmv@$C4 suraa@$R18 segspmv@$R18 segspmv@$S27
auto@$S27 segspmv@$F3 suraa@$LR"
for round in 1 2; do
  for c in $cases; do
    for b in old new; do
      echo "== round $round $b $c" >> /tmp/r/setup.txt
      f="${c%%@*}"; arg=(); [ "$f" != auto ] && arg=(format=$f)
      timeout 60 /tmp/setup-$b "${c#*@}" 10 "${arg[@]}" >> /tmp/r/setup.txt 2>&1
      echo "setup $round $b $c $? $SECONDS"
    done
  done
done
tar czf $OUT/r.tgz -C /tmp r
