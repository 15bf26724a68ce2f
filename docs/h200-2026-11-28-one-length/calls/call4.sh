#!/usr/bin/env bash
# Call 4 (stop 50): call 3's steps on the build of 0ee8bef (packs of up to 64 KiB through pageable
# memory again, page-locked only from 64 to 128 KiB): every GPU test, the host tests with GPU parts,
# memcheck on test_packed_arrays, the set-up steps of a new small matrix (call 1's build against
# this one) and the suite's set-up and products (3266e70 against this one).
# Carry: .runtime/g13 and .runtime/matrices.
V=.runtime/g13 exec bash "$(dirname "$0")/call3.sh"
