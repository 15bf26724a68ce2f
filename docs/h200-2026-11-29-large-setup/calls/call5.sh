#!/usr/bin/env bash
# Call 5 (stop 57): where the set-up of the mid-size matrices still above 1.5x goes, new build
# (7391cda): aijadaptive-setup-timing MATRIX 20 [format=F] (no format=: auto), each run its own
# process. Carry: .runtime/s4 (as call 4).
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/s4/setup-new.xz > /tmp/setup && chmod +x /tmp/setup
mkdir -p /tmp/gl && tar xJf .runtime/s4/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
S27=gen:stencil27:n=40
LR=gen:longrows:n=200000,count=8,len=65536
for c in auto@$S27 segspmv@$S27 argcsr@$S27 suraa@$S27 auto@$LR suraa@$LR segspmv@$LR; do
  f="${c%%@*}"; arg=(); [ "$f" != auto ] && arg=(format=$f)
  echo "== round 1 new $c" >> /tmp/r/steps.txt
  timeout 60 /tmp/setup "${c#*@}" 20 "${arg[@]}" >> /tmp/r/steps.txt 2>&1
  echo "steps $c $? $SECONDS"
done
tar czf $OUT/r.tgz -C /tmp r
