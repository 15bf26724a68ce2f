#!/usr/bin/env bash
# Call 8 (stop 51): the diagonal search on the H200's host, one part, the complete pass (median of
# 41), as at 5beb421 ("head") and with the update of a diagonal seen before left out ("noupdate":
# not a fix, it loses the runs; the test of where the time goes), in turn, two rounds. The
# harnesses are .runtime/h2 (git-ignored), built here: harness/diagloop.cpp linked with
# src/diagonal/search.cpp, and again with that file changed by harness/search-noupdate.diff, e.g.
#   g++ -O2 -std=c++17 -Iinclude -Iexamples/bench -Isrc diagloop.cpp search.cpp src/core/row_parts.cpp \
#     build-gpu/examples/libaijadaptive_bench_input.a build-gpu/src/libaijadaptive_core.a -lz -lpthread
# Carry: .runtime/h2 and .runtime/dsub. Output: logs/call8/output.txt.
set -uo pipefail
M=${M:-.runtime/dsub}
for round in 1 2; do
  for v in head noupdate; do
    echo "== $v, round $round"
    .runtime/h2/diag-$v $M/olm1000.mtx.gz $M/sherman3.mtx.gz $M/dw8192.mtx.gz $M/epb1.mtx.gz
  done
done
