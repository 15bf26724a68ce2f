// Format `inode`: rows with identical column structure (I-nodes: the degrees
// of freedom of one mesh node) share one list of column indices, stored as
// 16-bit offsets from a base where the columns allow. Below CSR's bytes on FEM
// matrices: 8 + 4/g bytes per double nonzero for groups of g rows with 32-bit
// offsets, 8 + 2/g with 16-bit ones, against CSR's 12.
//
//   groups   runs of consecutive rows with the same columns (at most
//            max_group_rows rows; a run of g rows is a group of g, any other
//            row a group of 1)
//   windows  consecutive groups over at most `window_rows` rows; inside a
//            window the groups are sorted by (rows, columns) descending, so
//            that groups of equal shape meet (SELL-C-sigma's sort)
//   slices   up to 32 / k groups of a window with the same row count G, one
//            warp: k lanes per group (k = 1, 2, 4, ... 32), lane t * n + g
//            takes columns t, t + k, ... of group g; the slice's width W is
//            its longest group's column count
//
// A slice of n groups stores, column-major (group fastest, so that a warp's
// loads, at columns j .. j + k - 1 of its n groups, are coalesced):
//   offsets  [W][n]      column - col_base, 16-bit where the slice's columns
//                        span less than 65535, else 32-bit; a group shorter
//                        than W ends with the padding mark (all bits set)
//   values   [W][G][n]   value (j, r) of lane l at (j * G + r) * n + l
//   rows     [n]         first row of each group - row_base, 16-bit
// With k = 1 a lane sums its rows' products in column order, as CSR does: the
// same bits as csr_reference_apply where the arithmetic is the same (the host).
// With k > 1 the k partial sums meet in a shuffle tree (another order). k is
// chosen per matrix so that the GPU has enough warps (group_threads), and a
// group of at least `wide_columns` columns takes a slice of its own with k = 32.
// Slices run in one kernel per G (their registers differ), from lists of the
// slices of each G.
//
// Values reach the device in CSR order and are laid out there by a fill
// kernel (from the arrays the analysis prefetched, when it did). The
// transpose goes through the core's cuSPARSE fallback; the row map and row
// ranges (at window boundaries) are native.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/format.hpp"
#include "aijadaptive/uninitialised_vector.hpp"

namespace aijadaptive {

inline constexpr int kInodeSliceGroups = 32;  // a warp
inline constexpr int kInodeMaxGroupRows = 8;  // kernels exist for G = 1..8

struct InodeParams {
  int max_group_rows = 8;        // longer runs of identical rows are cut: [1, kInodeMaxGroupRows]
  std::int64_t window_rows = 8192;  // rows whose groups are sorted together: [1, 65536]
  // A slice closes before a group that would leave more than this share of
  // its stored entries as padding (W * n > (1 + max_padding) * entries).
  double max_padding = 0.25;
  std::int64_t wide_columns = 1024;  // a group this long: a slice of its own, the warp over its columns
  bool sort = true;                  // sort groups by shape within a window
  // k, lanes per group: 0 chooses from the groups' count and width and the
  // device's size (inode_group_threads); else a power of two <= 32.
  int group_threads = 0;
  std::int64_t multiprocessors = 132;  // of the device the layout is for (auto k)
};

// The parameters from the user's settings of the format's tuning parameters
// (inode_params(): max_group_rows, window_rows, max_padding, wide_columns, sort,
// group_threads) for `device`.
InodeParams inode_params(const TuningParams& tuning, const DeviceInfo& device);
// k for `groups` groups of `mean_columns` columns on average: enough lanes
// for two full waves of the device's warps, at least 8 columns a lane.
int inode_group_threads(std::int64_t groups, double mean_columns, std::int64_t multiprocessors);
// Throws ErrorKind::invalid_argument unless the parameters are usable.
void inode_check_params(const InodeParams& params);

// One warp's work; plain data, copied to the device as it is.
struct InodeSlice {
  std::int64_t row_base;   // rows of lane l: row_base + rows[groups_at + l] + r, r < G
  std::int64_t col_base;   // columns: col_base + offset
  std::int64_t offsets_at; // first offset in offsets16 or offsets32
  std::int64_t values_at;  // first value
  std::int64_t groups_at;  // first of its groups in the row-offset array
  std::int32_t groups;     // n: 1..32 / k; the stride of its arrays
  std::int32_t width;      // W: columns of its longest group
  std::int16_t group_rows; // G: 1..kInodeMaxGroupRows
  std::int16_t threads;    // k: lanes per group, a power of two <= 32
  std::int32_t kind;       // kInodeOffsets32 or 0
};
inline constexpr std::int32_t kInodeOffsets32 = 1;  // 32-bit offsets (else 16-bit)
inline constexpr std::uint16_t kInodePad16 = 0xFFFF;
inline constexpr std::uint32_t kInodePad32 = 0xFFFFFFFFu;

struct InodeLayout {
  std::vector<InodeSlice> slices;
  UninitialisedVector<std::uint16_t> rows;       // per group (in slice order): first row - row_base
  UninitialisedVector<std::uint16_t> offsets16;  // slices with 16-bit offsets
  UninitialisedVector<std::uint32_t> offsets32;  // slices with 32-bit offsets
  std::vector<std::int64_t> window_rows;  // first row of each window, then the row count
  std::vector<std::int64_t> window_slices;  // first slice of each window, then the slice count
  // The slices ordered by G (then by index), and where each G's begin:
  // by_rows[rows_begin[G] .. rows_begin[G + 1]) are the slices of G rows.
  std::vector<std::int64_t> by_rows;
  std::array<std::int64_t, kInodeMaxGroupRows + 2> rows_begin{};
  int group_threads = 1;                  // k of the slices that are not wide
  std::int64_t stored_values = 0;         // values with their padding
  std::int64_t entries = 0;               // the matrix's nonzeros
  std::int64_t known_runs = 0;            // the owner's runs the groups were found from (0: none)
  std::array<std::int64_t, kInodeMaxGroupRows + 1> groups_of_size{};  // [g]: groups of g rows

  std::int64_t groups() const { return std::int64_t(rows.size()); }
  // Bytes of the device structure (values, offsets, row offsets, slices) for
  // values of `value_bytes`.
  std::size_t device_bytes(std::size_t value_bytes) const;
};

// The groups, windows and slices of a CSR pattern: O(nnz) to find the groups
// (a row against the one before; with a.row_runs, only the first row of each
// run), O(groups log window) to sort them, over
// `threads` threads (0: as many as pay; the layout is the same for any).
// Throws unsupported where a slice's columns span 2^32 or more.
template <class V, class I>
InodeLayout inode_build_layout(const CsrView<V, I>& a, const InodeParams& params, int threads = 0);

template <class V, class I>
class InodeHostFormat final : public HostFormat<V, I> {
 public:
  InodeHostFormat(const InodeParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch = {});
  // Transpose through the core's cuSPARSE fallback; row map and row ranges
  // native; rows sorted within windows of window_rows only.
  Capabilities capabilities() const override { return {false, true, true, false, true}; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  // Walks the slices as the kernel does: offsets decoded, values read at the
  // CSR positions the fill kernel moves them from.
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const InodeParams& params() const { return params_; }
  const InodeLayout& layout() const { return layout_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  InodeParams params_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
  InodeLayout layout_;
};

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_inode(const InodeHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
