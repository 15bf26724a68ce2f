// Tuning of format `argcsr`: the one place for its constants, each the default
// of one of its tuning parameters (argcsr_params() in build.cpp):
// -mat_aijadaptive_argcsr_<name> in PETSc, --param argcsr.<name>=<value> in the
// benchmark.
#pragma once

#include <cstdint>

namespace aijadaptive::argcsr_tuning {

// T: the paper's 128 threads a group (T = 256 gained nothing on the H100,
// docs/h100-2026-11-24-argcsr-long-rows/).
inline constexpr int kBlockThreads = 128;
// desiredChunkSize: 0, by the matrix (argcsr_desired_chunk, its constants in
// argcsr.hpp). The paper's 1 was the robust choice over its 1600 matrices; on
// the H200 (docs/h200-2026-11-30-argcsr-chunk/, call 1: 1, 2, 4 and 8 on 26
// matrices) each block then carried too few entries for its fixed cost: 2
// was as fast or faster on nearly every matrix under 256k nonzeros, 4 on the
// larger ones, 8 on the larger ones whose rows (but the cut ones) vary little
// in length; 8 padded rmat's power-law rows to 63 bytes a nonzero. With
// this project's threads rule (argcsr.hpp) as well, call 2: 1.29x faster
// than chunk 1 over 83 matrices, 2.6x on the six largest, none slower.
inline constexpr std::int64_t kDesiredChunk = 0;
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
