// Tuning of format `argcsr`: the one place for its constants, each the default
// of one of its tuning parameters (argcsr_params() in build.cpp):
// -mat_aijadaptive_argcsr_<name> in PETSc, --param argcsr.<name>=<value> in the
// benchmark.
#pragma once

#include <cstdint>

namespace aijadaptive::argcsr_tuning {

// T and desiredChunkSize: the paper's values (128 threads a group, 1 entry a
// thread: the robust choice over its 1600 matrices; regular matrices did
// better with larger chunks, circuit ones much worse). On the H100 the same:
// desired_chunk 4-8 lifts the large matrices and sinks the small irregular
// ones, T = 256 gains nothing (docs/h100-2026-11-24-argcsr-long-rows/).
inline constexpr int kBlockThreads = 128;
inline constexpr std::int64_t kDesiredChunk = 1;
// long_chunk: slots per thread in each part of a row of more than
// long_chunk * T entries (a block per part); on the H100 4 and 32 measure
// alike, 2 is slower on the large matrices (same docs).
inline constexpr std::int64_t kLongChunk = 8;
// long_row's default by size (argcsr_long_row: kArgcsrSmallLongRow entries
// below kArgcsrSmallEntries nonzeros, in argcsr.hpp): H100, 2026-11-27, the
// small real circuit matrices whose rows of 1310-1463 entries were cut into
// two parts (rajat01, adder_dcop_05, hangGlider_2): 7.2-7.6 -> 5.8-6.2 us, the
// others unchanged (docs/h100-2026-11-27-suraa-one-launch/, calls 10 and 13).
// The streaming hint on the slot arrays by size (-1), as ipcsr measured it
// for its CSR arrays (a gain on matrices larger than L2, a loss on the small
// ones, which stay in L2 between products); not yet measured for argcsr.
inline constexpr int kStreamLoads = -1;
// refill_on_host: layouts of up to this many slots are refilled by the host
// (the values put in their slots of a pageable image there, then one copy),
// larger ones by the fill kernel from the values sent as they are. H200,
// 2026-11-28, refill over the values' copy alone against the fill kernel's
// (docs/h200-2026-11-28-host-refill/, calls 1 and 5): up to 7.5k entries
// 1.2-2.3x -> 0.86-1.29x; from 8.6k entries the host's pass cost more than
// the kernel.
inline constexpr std::int64_t kRefillOnHost = 8192;

}  // namespace aijadaptive::argcsr_tuning
