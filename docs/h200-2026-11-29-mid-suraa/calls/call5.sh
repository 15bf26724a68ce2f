#!/usr/bin/env bash
# Call 5 (stop 52): argcsr's host layout (argcsr_build_layout, median of 401) on the H200's host,
# the committed builder ("argold") against one that writes each group's thread starts in place and
# gets the group's longest row and S(1) from the pass that reads the rows ("argnew"), three rounds
# in turn, over the 29 real matrices for which auto chose argcsr in stop 51's oracle table. Host
# harnesses built here (.runtime/h4; source calls/harness/al.cpp). Carry:
# .runtime/g19/gpu-libs.tar.xz, .runtime/h4 and .runtime/matrices.
set -uo pipefail
rm -rf /tmp/h4 && mkdir -p /tmp/gl /tmp/h4 && tar xJf .runtime/g19/gpu-libs.tar.xz -C /tmp/gl
source /tmp/gl/gpu-libs/env.sh
for f in .runtime/h4/*.xz; do xz -dc $f > /tmp/h4/$(basename $f .xz); chmod +x /tmp/h4/$(basename $f .xz); done
M=.runtime/matrices
files=$(for m in 494_bus add32 bayer10 bcspwr10 bcsstk13 bcsstk14 bfw62a bfw782a cage5 crack Erdos971 fidapex6 G51 gemat12 impcol_a karate lp_afiro lp_e226 lund_a mbeacxc nnc1374 Pd sherman5 USAir97 utm300 watt_2 west0067 west0479 zenios; do echo $M/$m.mtx.gz; done)
for round in 1 2 3; do
  for v in argold argnew; do echo "layout $v round $round"; /tmp/h4/al-$v $files; done
done
