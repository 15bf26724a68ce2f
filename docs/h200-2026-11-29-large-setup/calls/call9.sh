#!/usr/bin/env bash
# Call 9 (stop 57): the features' passes one by one, build 4cf803e (calls/feat.cpp, medians of 21).
# Carry: .runtime/p2 (xz of feat).
xz -dc .runtime/p2/feat.xz > /tmp/feat && chmod +x /tmp/feat &&
  /tmp/feat gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000 gen:fem:n=40,dof=3 \
    gen:longrows:n=200000,count=8,len=65536 2>&1 | tee $OUT/feat.txt
