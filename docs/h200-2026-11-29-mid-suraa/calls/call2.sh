#!/usr/bin/env bash
# Call 2 (stop 52): suraa's host layout on the H200's host, the committed sort (old) against the
# sort that walks four runs of rows side by side (new): the whole layout (suraa_build_layout, median
# of 201), the sort alone, its passes, and the analysis + host build of suraa and ipcsr. Host
# harnesses built here (.runtime/h3, sources beside them). Carry: .runtime/g18, .runtime/h3 and
# .runtime/mid.
set -uo pipefail
rm -rf /tmp/r /tmp/h3 && mkdir -p /tmp/r /tmp/gl /tmp/h3 && tar xJf .runtime/g18/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for f in .runtime/h3/*.xz; do xz -dc $f > /tmp/h3/$(basename $f .xz); chmod +x /tmp/h3/$(basename $f .xz); done
lscpu | grep -E "Model name|^CPU\(s\)" 
M=.runtime/mid
for round in 1 2; do
  for v in old new; do echo "layout $v round $round"; /tmp/h3/lay-$v $M/*.mtx.gz; done
  echo "sort round $round"; /tmp/h3/sortcmp $M/*.mtx.gz
done
for m in cage11 wing memplus; do for R in 4 8; do echo "passes $m R=$R"; /tmp/h3/passR$R $M/$m.mtx.gz; done; done
echo "analyse + host build (new core)"; /tmp/h3/hb $M/*.mtx.gz
