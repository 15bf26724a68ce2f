#!/usr/bin/env bash
# Call 15 (stop 60): the second review (b69be3e: the diagonal formats' descriptions), its GPU tests
# of the diagonal formats, the product graphs and reordering, which read those descriptions.
# Carry: .runtime/s60d (s60bin15.tar.xz, this script); docs/ moved out.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
rm -rf /tmp/r && mkdir -p /tmp/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
tar xJf .runtime/s60d/s60bin15.tar.xz -C /tmp && chmod +x /tmp/s60bin15/*
for t in test_dia_gpu test_brcsd1_gpu test_brcsd2_gpu test_product_graphs_gpu test_reordering_gpu; do
  timeout 120 /tmp/s60bin15/$t > /tmp/r/$t.txt 2>&1; echo "$t: exit $? $SECONDS"; tail -1 /tmp/r/$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
