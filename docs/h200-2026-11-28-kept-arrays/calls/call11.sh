#!/usr/bin/env bash
# Call 11 (stop 47): issue 13's refill bar (a values-only refill at most 1.2x the values' copy alone)
# over the 72 real matrices: aijadaptive-setup-timing M 30 of 3f08e1a (call 8's "worker"), whose
# "refill (same pattern, values)" and "the values copied alone" lines are the two medians.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/v8/bins.tar.xz -C /tmp
for f in .runtime/matrices/*.mtx.gz; do n=$(basename $f .mtx.gz); timeout 60 /tmp/bb/setup-worker $f 30 > /tmp/r/steps-$n.txt 2>&1; done
echo "done $SECONDS"
tar czf $OUT/r.tgz -C /tmp r
