// Format `suraa`: rows sorted by length, cut into equal segments by the
// Freedman-Diaconis rule, the segments in three groups by their mean length
// (and longest row),
// each group multiplied by its own kernel on its own stream.
//
//   order     sorted position -> row: a stable sort by nonzeros per row,
//             ascending (rows of one length keep their order); with
//             sort_window W, from one_launch_max_entries nonzeros on, the
//             short group's rows (below) are then sorted again within
//             windows of W of them taken in row order, so that a window's
//             rows, and the parts of x and y they touch, stay together in L2
//   segments  the sorted rows cut into pieces of S rows (S from the
//             Freedman-Diaconis rule, suraa_segment_rows), so that a segment
//             holds rows of nearly equal length
//   groups    by each segment's mean length m and longest row r:
//               short   m <  short_limit   a thread per row (and r shorter
//                                           than kSuraaShortLongest *
//                                           short_limit: a thread walks its
//                                           row alone)
//               medium  else, r < long_limit a warp per row
//               long    r >= long_limit     blocks per row, each block at most
//                                           block_entries entries of its row
//                                           (not by the mean, as the paper:
//                                           one long row among short ones
//                                           would keep a warp busy alone)
//
// A short row sums in column order, from y with alpha = beta = 1 (PETSc's
// MatMultAdd), as CSR does: on the host the same bits as csr_reference_apply.
//
// Storage on the device (built there from the CSR arrays by a fill kernel):
//   short rows    slices of 32 sorted rows (a warp), column-major: entry j of
//                 lane l at slice_at[s] + j * 32 + l; a slice is as wide as its
//                 longest row (its last: sorted, within its window too),
//                 shorter rows padded with column -1
//   medium, long  CSR in sorted order: sorted row k's entries from row_at[k]
// Each kernel writes row order[k]'s result itself (no separate scatter).
//
// The long group runs one grid per long segment, sized to it (rows x chunks
// blocks), launched from the device by dynamic parallelism (one parent thread
// per segment), or from the host, one grid of all the segments' blocks
// (long_launch; auto: from the device for many segments,
// suraa_long_from_device). The long grids
// are launched first, the short group's last, so that the few heavy blocks
// are not left to run alone after the many light ones. A row
// of several chunks sums its chunks' partial sums in chunk order: the last
// block to finish does (an arrival counter), so results are deterministic and
// y is written once; as a consequence one matrix must not run two products at
// once on two streams (the core's StreamFence orders them). The transpose goes
// through the core's cuSPARSE fallback; the row map is native
// (y[row_map[order[k]]]).
//
// A matrix of fewer than one_launch_max_entries nonzeros runs all three
// groups in one launch instead, their blocks side by side in one grid
// (suraa_one_launch): there each kernel's fixed cost and the latency of one
// thread or warp walking its row alone set the time, not the bandwidth, so
// such a matrix gets smaller limits (short_limit, long_limit, block_entries:
// 0 picks them by size; suraa/tuning.hpp has the figures), and the medium rows
// run on sub-warps sized to their block's longest row (suraa_medium_block).
//
// Paper: "SURAA: A Novel Method and Tool for Loadbalanced and Coalesced SpMV
// Computations on GPUs" (the project's seeds/002_*.txt, restated in SEEDS.md
// section 3). The sliced layout of the short group, the chunked long rows, the
// segment size from the rule's bin count and the single launch of small
// matrices are this project's choices.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/format.hpp"
#include "aijadaptive/uninitialised_vector.hpp"

namespace aijadaptive {

inline constexpr int kSuraaSliceRows = 32;  // a warp, a thread per row
// Threads per block of the short and medium groups, and of every block of the
// single launch (suraa_one_launch).
inline constexpr int kSuraaBlockThreads = 256;
// A short segment's longest row: below this many times short_limit (a thread
// walks its row alone: a segment whose mean hides one long row is medium).
inline constexpr std::int64_t kSuraaShortLongest = 2;

enum class SuraaGroup { short_rows = 0, medium_rows = 1, long_rows = 2 };
inline constexpr int kSuraaGroups = 3;
const char* suraa_group_name(SuraaGroup group);

enum class SuraaLaunch {
  automatic,  // device for many long segments, host for few (suraa_long_from_device)
  device,     // the long segments' grids launched by a parent kernel (dynamic parallelism)
  host        // one host launch for all the long segments
};

// long_threads' largest value: the long kernel is compiled for it
// (__launch_bounds__), so that every value type launches with that many.
inline constexpr int kSuraaMaxLongThreads = 1024;

struct SuraaParams {
  std::int64_t segment_rows = 0;     // S; 0: the Freedman-Diaconis rule
  // The group limits and a long block's entries; 0: by the matrix's size
  // (suraa_limits: one set below one_launch_max_entries, one from it).
  std::int64_t short_limit = 0;      // mean length below which a segment is short
  std::int64_t long_limit = 0;       // longest row from which a segment is long
  std::int64_t block_entries = 0;    // entries of a long row one block takes at most
  int long_threads = 256;            // threads per block of the long group
  SuraaLaunch long_launch = SuraaLaunch::automatic;
  bool streams = true;               // each group on its own stream (else all on the caller's)
  std::int64_t streams_min_entries = 1000000;  // ... for matrices of this many nonzeros or more
  std::int64_t one_launch_max_entries = 1000000;  // below this many nonzeros, all groups in one launch
  // The short group's rows sorted by length within windows of this many (a
  // multiple of 32), in row order from window to window, in a matrix of
  // one_launch_max_entries nonzeros or more; 0: all of them together (the
  // paper), as in smaller matrices.
  std::int64_t sort_window = 1024;
};

// Whether a matrix of `entries` nonzeros is small: below
// one_launch_max_entries, laid out and launched for latency (the limits, one
// launch).
inline bool suraa_small(const SuraaParams& params, std::int64_t entries) {
  return entries < params.one_launch_max_entries;
}

// The limits a matrix of `entries` nonzeros is laid out with: as set, or
// (0) the defaults for its size.
struct SuraaLimits {
  std::int64_t short_limit, long_limit, block_entries;
};
SuraaLimits suraa_limits(const SuraaParams& params, std::int64_t entries);

// The parameters from the user's settings of the format's tuning parameters
// (suraa_params(): segment_rows, short_limit, long_limit, block_entries,
// long_threads, long_launch, streams, streams_min_entries, one_launch_max_entries,
// sort_window).
SuraaParams suraa_params(const TuningParams& tuning);
// Throws ErrorKind::invalid_argument unless the parameters are usable.
void suraa_check_params(const SuraaParams& params);

// The segment size for ascending row lengths `sorted` (n rows) by the
// Freedman-Diaconis rule: bin width h = 2 IQR / n^(1/3), at least 1 (lengths
// are integers); the rule's bin count B = ceil((max - min) / h), at least 1;
// S = ceil(n / B) rounded up to a whole slice (32 rows): as many equal
// segments as the rule would draw bins, each holding about one bin's share of
// the rows. One length: B = 1, one segment.
std::int64_t suraa_segment_rows(const std::vector<std::int64_t>& sorted);

// A long segment: its grid of rows x chunks blocks.
struct SuraaLongSegment {
  std::int64_t first;        // first sorted row
  std::int64_t rows;
  std::int64_t chunks;       // blocks per row: ceil(longest row / block_entries)
  std::int64_t partials_at;  // its rows' chunk sums: partials[partials_at + r * chunks + c]
  std::int64_t counters_at;  // its rows' arrival counters (rows of one chunk have none)
};

// One launch's block of medium rows: `rows` sorted rows from `first`, each
// summed by `lanes` lanes (a power of two: a sub-warp), as many rows to a
// warp as it has sub-warps.
struct SuraaMediumBlock {
  std::int64_t first;
  std::int32_t rows;
  std::int32_t lanes;
};

// One launch's medium blocks: from sorted row `first` on (rows ascend in
// length), the fewest lanes per row, a power of two from 2 to 32, that leave
// the block's longest row (its last) at most kSuraaEntriesPerLane entries a
// lane, one round of loads in flight (32 where none does), and as many rows as
// kSuraaBlockThreads threads hold, at most up to `end`.
inline constexpr std::int64_t kSuraaEntriesPerLane = 4;
SuraaMediumBlock suraa_medium_block(const std::vector<std::int64_t>& lengths, std::int64_t first, std::int64_t end);

struct SuraaLayout {
  UninitialisedVector<std::int64_t> order;  // sorted position -> row
  std::vector<std::int64_t> lengths;     // sorted position -> the row's nonzeros
  std::int64_t segment_rows = 0;         // S
  std::int64_t segments = 0;
  SuraaLimits limits{};                  // those it was laid out with (suraa_limits)
  std::int64_t sort_window = 0;          // the short group's windows; 0: sorted as one
  // Sorted rows of each group: [group_begin[g], group_begin[g + 1]), at
  // segment boundaries; the groups in order short, medium, long.
  std::array<std::int64_t, kSuraaGroups + 1> group_begin{};
  std::array<std::int64_t, kSuraaGroups> group_entries{};  // nonzeros of each group
  // Short group: slice s (32 sorted rows from s * 32) starts at entry
  // slice_at[s] of the sliced arrays and is (slice_at[s + 1] - slice_at[s]) / 32 wide.
  std::vector<std::int64_t> slice_at{0};
  // Medium and long groups: sorted row group_begin[1] + k starts at entry
  // row_at[k] of the CSR part; row_at has one entry more.
  std::vector<std::int64_t> row_at{0};
  std::vector<SuraaLongSegment> long_segments;
  // In one launch (suraa_one_launch), the medium group's blocks, a sub-warp
  // per row sized to the block's longest row (suraa_medium_block); else
  // empty (a warp per row).
  std::vector<SuraaMediumBlock> medium_blocks;
  std::int64_t partials = 0, counters = 0;  // the long group's workspace
  std::int64_t entries = 0;                 // the matrix's nonzeros

  std::int64_t rows(SuraaGroup g) const { return group_begin[int(g) + 1] - group_begin[int(g)]; }
  int groups_with_rows() const {
    int n = 0;
    for (int g = 0; g < kSuraaGroups; ++g) n += rows(SuraaGroup(g)) > 0;
    return n;
  }
  std::int64_t sliced_entries() const { return slice_at.back(); }  // with padding
  std::int64_t csr_entries() const { return row_at.back(); }
  // Each long segment's first block in one grid of them all, and the blocks
  // in all (the last entry).
  std::vector<std::int64_t> long_starts() const;
  double mean_length(SuraaGroup g) const {
    return rows(g) ? double(group_entries[int(g)]) / double(rows(g)) : 0.0;
  }
  // Device bytes for values of `value_bytes` and indices of `index_bytes`.
  std::size_t device_bytes(std::size_t value_bytes, std::size_t index_bytes) const;
};

// The sorted order, segments, groups and storage of a CSR pattern: a counting
// sort of the rows by length (O(rows + longest row)), the rest O(rows).
template <class V, class I>
SuraaLayout suraa_build_layout(const CsrView<V, I>& a, const SuraaParams& params);

template <class V, class I>
class SuraaHostFormat final : public HostFormat<V, I> {
 public:
  SuraaHostFormat(const SuraaParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch = {});
  // Transpose through the core's cuSPARSE fallback; the row map native.
  Capabilities capabilities() const override { return {false, true, false}; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  // Walks the groups as the kernels do, in the same order of additions:
  // short rows in column order, medium rows as 32 lanes and their shuffle
  // tree, long rows as blocks of long_threads and their chunk sums.
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const SuraaParams& params() const { return params_; }
  const SuraaLayout& layout() const { return layout_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  SuraaParams params_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
  SuraaLayout layout_;
};

// Whether the groups run on streams of their own: streams on, at least
// streams_min_entries nonzeros (below, a fork and joins cost more host time
// than the overlap saves), and more than one group with rows.
bool suraa_group_streams(const SuraaParams& params, const SuraaLayout& layout);

// Whether the long group's grids are launched from the device: as set, or
// (automatic) when it has at least suraa_tuning::kDeviceLaunchSegments
// segments, where one parent launch costs less than the host's launches.
bool suraa_long_from_device(const SuraaParams& params, const SuraaLayout& layout);

// Whether one launch runs all the groups: fewer than one_launch_max_entries
// nonzeros, the long grids (if any) launched from the host, and long blocks of
// kSuraaBlockThreads threads (every block of the single grid has as many).
bool suraa_one_launch(const SuraaParams& params, const SuraaLayout& layout);

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_suraa(const SuraaHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
