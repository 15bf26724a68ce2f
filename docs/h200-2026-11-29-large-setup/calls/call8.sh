#!/usr/bin/env bash
# Call 8 (stop 57): does the device's host run 16 threads at once? calls/scaling.cpp (the same busy
# loop per thread on 1, 2, 4, 8 and 16 threads), the cgroup's CPU limit and the CPU's name.
# Carry: .runtime/p2 (xz of scaling).
xz -dc .runtime/p2/scaling.xz > /tmp/scaling && chmod +x /tmp/scaling && /tmp/scaling | tee $OUT/scaling.txt
cat /sys/fs/cgroup/cpu.max 2>/dev/null | tee -a $OUT/scaling.txt; nproc | tee -a $OUT/scaling.txt
grep -m1 "model name" /proc/cpuinfo | tee -a $OUT/scaling.txt
