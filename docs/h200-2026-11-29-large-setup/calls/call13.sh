#!/usr/bin/env bash
# Call 13 (stop 57): the features' passes with the final build (4213693's code: kept threads,
# smaller parts), calls/feat.cpp, medians of 21, two rounds. Carry: .runtime/p13 (xz of feat).
xz -dc .runtime/p13/feat.xz > /tmp/feat && chmod +x /tmp/feat && for r in 1 2; do
  /tmp/feat gen:stencil27:n=40 gen:circuit:n=1000000,long=16,len=50000 gen:circuit:n=4000000,long=16,len=200000 \
    gen:longrows:n=200000,count=8,len=65536
done 2>&1 | tee $OUT/feat.txt
