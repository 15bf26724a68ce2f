#!/usr/bin/env bash
# Call 10 (stop 52): suraa's sort on the H200's host, five variants side by side in one process
# (calls/harness/sort5.cpp, median of 201 each, the orders checked equal): four runs of 64-bit
# counters after a pass for the longest row (call 2's "new"), four runs of 32-bit counters, eight
# runs of 32-bit and of 64-bit counters, and four runs finding the longest row while counting
# (7fe637a), three rounds. Host harness built here (.runtime/h5). Carry: .runtime/h5 and
# .runtime/mid2.
set -uo pipefail
xz -dc .runtime/h5/sort5.xz > /tmp/sort5 && chmod +x /tmp/sort5
lscpu | grep -E "Model name"
M=.runtime/mid2
for round in 1 2 3; do
  echo "round $round"
  /tmp/sort5 "gen:circuit:n=100000,long=8,len=5000" "gen:stencil7:n=40" $M/wing.mtx.gz $M/cage11.mtx.gz $M/memplus.mtx.gz $M/Ill_Stokes.mtx.gz $M/mult_dcop_01.mtx.gz $M/teko_nsjac.mtx.gz $M/4elt.mtx.gz $M/rajat01.mtx.gz
done
