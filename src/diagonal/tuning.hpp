// Tuning of the DIA-Adaptive formats (dia, brcsd1, brcsd2): the one place for
// their constants, each the default of a tuning parameter.
#pragma once

#include <cstdint>

#include "aijadaptive/tuning.hpp"

namespace aijadaptive::diagonal_tuning {

// Threads per block, one row each (block_threads). The paper found 128 and 256
// alike and 512 worse on Kepler/Pascal (more padding in its row pieces);
// here the pieces do not depend on T.
inline constexpr int kBlockThreads = 256;

// BRCSD-I: no row piece shorter than this (eta): a shorter one would make a
// block of few rows with its own offset list.
inline constexpr std::int64_t kEta = 256;

// BRCSD-II: rows per piece (piece_rows), the paper's nrows = T. The search
// engine estimates BRCSD-II's storage with the same number
// (kBrcsd2PieceRows, diagonal_search.hpp).
inline constexpr std::int64_t kPieceRows = 256;

// Each entry's slot in the layout kept on the GPU (refill_map), so that a
// refill sends the values alone: 8 bytes a nonzero in double, as cuSPARSE's
// refill, instead of 12 with the columns the fill kernel places them by. It
// costs 4 bytes a nonzero of device memory, taken only when the device has
// room for it twice over beside the upload's scratch, and from the first
// refill on a buffer of up to 16 MiB of values on the device and, for more
// values than that, two of 16 MiB on the host, pinned (staged_upload.hpp).
inline constexpr const char* kRefillMap = "refill_map";
inline ParamSpec refill_map_param() {
  return choice_param(kRefillMap,
                      "each entry's slot kept on the GPU (4 bytes a nonzero) for refills that send the values alone: "
                      "auto (when the device has room), never",
                      {"auto", "never"}, "auto");
}

// With the refill map, a layout of at most this many value slots is refilled
// by the host (refill_on_host): the values put in their slots of a pageable
// image there, then one copy of the layout's values, without the refill
// kernel (0: never). H200, 2026-11-28 (docs/h200-2026-11-28-host-refill/):
// rdb200 (1,120 entries, brcsd1) 1.72-1.77x -> 1.19-1.26x the values' copy
// alone (calls 1 and 5); cryg2500 and dwt_992 (12-17k entries, brcsd1) lost
// (1.23-1.30x -> 1.86-1.96x, call 1).
inline constexpr const char* kRefillOnHost = "refill_on_host";
inline constexpr std::int64_t kRefillOnHostSlots = 8192;
inline constexpr std::int64_t kMostRefillOnHostSlots = 65536;
inline ParamSpec refill_on_host_param() {
  return integer_param(kRefillOnHost,
                       "with the refill map, a refill of a layout of at most this many value slots puts the values in "
                       "their slots on the host and sends them with one copy, without the refill kernel (0: never)",
                       0, kMostRefillOnHostSlots, kRefillOnHostSlots);
}

}  // namespace aijadaptive::diagonal_tuning
