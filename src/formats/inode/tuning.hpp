// Tuning of format `inode`: the one place for its constants, each the default
// of one of its tuning parameters (inode_params() in build.cpp):
// -mat_aijadaptive_inode_<name> in PETSc, --param inode.<name>=<value> in the
// benchmark. Measurements behind them: docs/h100-2026-11-24-inode/.
#pragma once

#include "aijadaptive/formats/inode.hpp"

namespace aijadaptive::inode_tuning {

// Groups of up to 8 rows: every G has its kernel, and 8 covers elasticity (3),
// Stokes (4) and most multi-physics nodes; longer runs become several groups.
inline constexpr int kMaxGroupRows = kInodeMaxGroupRows;
// Rows whose groups are sorted by shape together: wide enough that rows of
// equal length fill whole slices, narrow enough that a slice's lanes stay
// neighbours in the mesh (x's locality) and its columns span few values.
// H100, 2026-11-28 (docs/h100-2026-11-28-values-ahead/): 8192 took scalar FEM
// n=120 (renumbered) from 89% to 92% of the copy bandwidth, with n=80 and
// n=100 and vector FEM within 0.5% either way; 1024-6144 were as 4096.
inline constexpr std::int64_t kWindowRows = 8192;
// Padding a slice may store, as a share of its entries.
inline constexpr double kMaxPadding = 0.25;
// A group this long is multiplied by a whole warp (one lane would take as
// long as the 32 lanes of a slice of rows 32 times shorter).
inline constexpr std::int64_t kWideColumns = 1024;
inline constexpr bool kSort = true;
// k, lanes per group, when chosen (group_threads auto): enough lanes for
// kWaves waves of kLanesPerMultiprocessor threads on every SM (one slice per
// warp: without them a matrix of few groups leaves most SMs idle), but at
// least kColumnsPerLane columns per lane (each lane's loads ahead of its adds).
// H100, fem dof=3 n=60 (216000 groups of 54 columns), k = 1 / 2 / 4: 1.39x /
// 1.45x / 1.47x of cuSPARSE; fem n=120 (1.7M groups of 18): 0.94x / 0.91x / 0.79x.
inline constexpr std::int64_t kWaves = 4;
inline constexpr std::int64_t kLanesPerMultiprocessor = 2048;
inline constexpr std::int64_t kColumnsPerLane = 16;
// Entries of the matrix per thread of the host build at least (not a tuning
// parameter): its passes wait on first touches of fresh pages more than on
// memory, so threads pay down to fewer entries than the core's general
// floor (detail::kEntriesPerRowPart). docs/h100-2026-11-25-inode-setup/.
inline constexpr std::int64_t kBuildEntriesPerThread = std::int64_t(1) << 20;

}  // namespace aijadaptive::inode_tuning
