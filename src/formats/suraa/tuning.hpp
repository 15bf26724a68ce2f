// Tuning of format `suraa`: the one place for its constants, each the default
// of one of its tuning parameters (suraa_params() in build.cpp):
// -mat_aijadaptive_suraa_<name> in PETSc, --param suraa.<name>=<value> in the
// benchmark. Measurements behind them: docs/h100-2026-11-24-suraa/.
#pragma once

#include <cstdint>

#include "aijadaptive/formats/suraa.hpp"

namespace aijadaptive::suraa_tuning {

// 0: the segment size from the Freedman-Diaconis rule (suraa_segment_rows).
inline constexpr std::int64_t kSegmentRows = 0;
// short_limit, long_limit and block_entries default to 0, by the matrix's
// size (suraa_limits): the three below from kOneLaunchMaxEntries nonzeros on,
// the three ...OneLaunch further down under it.
//
// A segment of rows averaging fewer entries runs a thread per row: its
// slice's loads are coalesced across the warp's rows (column-major), where a
// warp per row leaves lanes idle. H100, qcd L=16 (51 per row): 0.68x of
// cuSPARSE at 32 (a warp per row), 1.12x at 64 (98% of the copy bandwidth);
// rmat scale 22 790 -> 771 us; 128 and 1024 no faster on the large matrices.
inline constexpr std::int64_t kShortLimit = 64;
// From this longest row on, one warp per row would keep a few warps busy long
// after the rest of the grid is done: blocks per row instead. 2048 since
// 2026-11-29 (4096 before): rmat scale 18 0.70x -> 0.90x cuSPARSE on the
// H200, the circuit and longrows matrices within 0.02; 1024 and 512 no better
// (docs/h200-2026-11-29-selector-heldout, call 7).
inline constexpr std::int64_t kLongLimit = 2048;
// Entries of a long row per block: 32 per thread of a 256-thread block, so
// that a row of 200,000 entries spreads over 25 blocks.
inline constexpr std::int64_t kBlockEntries = 8192;
// Below kOneLaunchMaxEntries nonzeros every group runs in one launch, with
// limits of their own: H100, 2026-11-27, the real matrices of row cv > 2
// (0.01-0.3M nonzeros): a thread per row of up to 127 entries kept the short
// kernel at 5.7-9.5 us and a warp per row of up to 4096 the medium one at
// 2-5.6 us, three launches 10-21 us in all against ipcsr's one of 6-8 us.
// Measurements of these values: docs/h100-2026-11-27-suraa-one-launch/.
inline constexpr std::int64_t kOneLaunchMaxEntries = 1000000;
inline constexpr std::int64_t kShortLimitOneLaunch = 16;
inline constexpr std::int64_t kLongLimitOneLaunch = 512;
inline constexpr std::int64_t kBlockEntriesOneLaunch = 2048;
inline constexpr int kLongThreads = 256;
// Long grids from the device when there are at least kDeviceLaunchSegments of
// them: H100, a host launch per segment, rmat scale 22 (28 long segments)
// 790 us from the device against 1037 us from the host; circuit (1) 242
// against 227 us, longrows (2) 181 against 168 us, the small real matrices
// (1-3) 15-18 against 9-11 us. H200, 2026-11-29 (docs/h200-2026-11-29-
// ipcsr-blocks, call 9), the host launching one grid of several segments,
// us, a launch per segment / one grid / from the device (the last two with
// the short rows in windows, which alone gave longrows 0.97 and rmat 1.00 of
// the time, calls 5 and 7): longrows n=2M (2 segments) 121-124 / 106 / 104,
// rmat scale 21 (4) 288 / 262 / 260; one
// segment, from the device: circuit n=1M 28-29 against 31 from the host,
// longrows n=200k 15-16 against 14. Tune timed suraa's first products on
// these two at 1.4-1.5x its later ones from the host and 2.0-2.2x from the
// device, and the process's first parent launch loads the module
// (milliseconds).
inline constexpr SuraaLaunch kLongLaunch = SuraaLaunch::automatic;
inline constexpr std::int64_t kDeviceLaunchSegments = 8;
inline constexpr bool kStreams = true;
// Streams of their own pay on large matrices (rmat scale 22: 790 us, 824 on
// the caller's stream alone); on small ones the fork and joins' host time is
// most of the product (real matrices of 0.1-0.3M nonzeros: 17 us enqueued).
inline constexpr std::int64_t kStreamsMinEntries = 1000000;
// The short group sorted as one (0) or within windows of this many rows: a
// window's rows are multiplied at about the same time, so the sectors of y
// they write (and of x they read) are whole in L2 before it evicts them;
// sorted as one, rows of each length came from all over y. H200, 2026-11-29,
// suraa's time with windows of 256 / 1024 / 8192 over one sort, same build
// (docs/h200-2026-11-29-ipcsr-blocks, calls 5 and 7, two rounds each):
// circuit n=4M 0.74 for all three (ncu: the short kernel moved 263 MB of DRAM
// instead of 479, in 93 us instead of 132), circuit n=1M 0.92-0.94 /
// 0.96-1.00 / 0.98-1.00, longrows n=2M 0.97, stencil27 n=100 1.01-1.02 / 1.01
// / 1.00-1.01, rmat scale 21 1.00 with 47% / 17% / 3% of its short group's
// slots padding; 20 real matrices of 5k-560k nonzeros within their spread.
// 1024: most of circuit n=1M's gain for little padding. Under
// one_launch_max_entries nonzeros no windows are made: matrix, x and y stay
// in L2, and the second sort was about half of suraa's host build (without
// it, products unchanged and set-up 0.81 of the time on 20 such matrices:
// docs/h200-2026-11-29-selector-heldout, call 9).
inline constexpr std::int64_t kSortWindow = 1024;

}  // namespace aijadaptive::suraa_tuning
