#!/usr/bin/env bash
# Call 3 (stop 47): why the "first" search build slowed stencil7 n=24's analysis on the device (call 2)
# when it did not here: calls/search_timing.cpp built against the "first" build's core (see its header),
# on the 72 matrices and four generated ones: the verdict and complete passes with the default parts (p0)
# and one part (p1, the old code for matrices under 512k entries), analyse_matrix, and a thread's start.
set -uo pipefail
rm -rf /tmp/r && mkdir -p /tmp/r
xz -dc .runtime/v3/search-first.xz > /tmp/st && chmod +x /tmp/st
M=.runtime/matrices
timeout 300 /tmp/st gen:stencil7:n=24 gen:stencil27:n=24 gen:stencil27:n=48 gen:stencil7:n=64 $M/*.mtx.gz > /tmp/r/search-first.txt 2>&1; echo "rc $? $SECONDS"
head -6 /tmp/r/search-first.txt
tar czf $OUT/r.tgz -C /tmp r
