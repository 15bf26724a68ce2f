#!/usr/bin/env bash
# Call 12 (stop 47): a reordered matrix's values-only refill with permute_values' rows fetched ahead
# and in parts of 256k entries on threads ("perm", not committed when run) against 3f08e1a
# ("worker"), alternating, two rounds: aijadaptive-setup-timing on mdual (30 repetitions) and on
# the generated scalar FEM n=60 (10).
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
tar xJf .runtime/v8/bins.tar.xz -C /tmp && xz -dc .runtime/v12/setup-perm.xz > /tmp/bb/setup-perm && chmod +x /tmp/bb/setup-perm
for round in 1 2; do
  for v in worker perm; do
    timeout 100 /tmp/bb/setup-$v .runtime/matrices/mdual.mtx.gz 30 > /tmp/r/steps-$v-$round-mdual.txt 2>&1
    timeout 150 /tmp/bb/setup-$v gen:fem:n=60 10 > /tmp/r/steps-$v-$round-fem60.txt 2>&1
    echo "$v $round $SECONDS $(grep -h 'refill' /tmp/r/steps-$v-$round-*.txt | tr -s ' ' | tr '\n' ';')"
  done
done
tar czf $OUT/r.tgz -C /tmp r
