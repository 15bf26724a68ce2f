// Tuning of the DIA-Adaptive formats (dia, brcsd1, brcsd2): the one place for
// their constants, each the default of a tuning parameter.
#pragma once

#include <cstdint>

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

}  // namespace aijadaptive::diagonal_tuning
