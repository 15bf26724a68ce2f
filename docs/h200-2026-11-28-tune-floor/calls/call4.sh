#!/usr/bin/env bash
# Call 4 (stop 51): call 1 again with the build of 7fe02ef (tune's floor of nonzeros, without the
# option call 2 tried). Every GPU test of build-gpu and the host tests with GPU parts; the oracle
# table (every format, auto and tune with its default floor) over the 72 real matrices and
# examples/bench/oracle.txt; then tune alone with no floor (--tune-min-nnz 0) over the same
# matrices. Carry: .runtime/g17 and .runtime/matrices.
V=${V:-.runtime/g17} exec bash "$(dirname "$0")/call1.sh"
