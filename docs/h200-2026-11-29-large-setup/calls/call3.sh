#!/usr/bin/env bash
# Call 3 (stop 57): the host's share of the set-up on the device's host, by calls/probe.cpp (built
# against build-gpu's libaijadaptive_core.a at c804c31, as the benchmark is): thread starts
# (detail::run_row_parts with empty bodies), the row lengths' features, the x-gather estimate (all
# groups, 1 and 256), four formats' host builds and auto's analysis, medians of 11.
# Carry: .runtime/p1 (xz of the probe), .runtime/s1 (the libraries, gpu-libs.tar.xz).
xz -dc .runtime/p1/probe.xz > /tmp/probe && chmod +x /tmp/probe && mkdir -p /tmp/gl &&
  tar xJf .runtime/s1/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh &&
  /tmp/probe gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000 gen:fem:n=40,dof=3 2>&1 | tee $OUT/probe.txt
lscpu | head -20 > $OUT/lscpu.txt
