// The storage the DIA-Adaptive formats (dia, brcsd1, brcsd2) share: rows cut
// into pieces, each piece storing the diagonals of its offset list, padded
// with zeros where a diagonal has no entry or leaves the matrix.
//
//   offsets      [..]     the offset lists (column - row), each sorted, end to end
//   list_begin   [L+1]    list l is offsets[list_begin[l] .. list_begin[l+1])
//   pieces       [P]      {row0, rows, list, values, stride}
//   values       [..]     piece p, diagonal k of its list, row i:
//                         values[p.values + k * p.stride + (i - p.row0)]
//
//   rows  | 0 .. 4095        | 4096 .. 8191     | ...
//   piece | p0, list 0       | p1, list 1       |
//   values| d0 d0 .. d1 d1 .. d2 ..| (one diagonal's rows contiguous: the
//           threads of a warp, one row each, read consecutive values)
//
// Paper: J. Gao, Y. Xia, R. Yin, G. He, "Adaptive diagonal sparse matrix-vector
// multiplication on GPU", J. Parallel Distrib. Comput. 157 (2021) (the
// project's seeds/001_*.txt; SEEDS.md section 2). The formats differ only in
// how they cut (include/aijadaptive/formats/{dia,brcsd1,brcsd2}.hpp):
//   dia      one piece, every diagonal                            (type I)
//   brcsd1   cut where a diagonal enters or leaves the matrix     (type II)
//   brcsd2   pieces of a fixed number of rows, each with the
//            diagonals that have an entry in it; consecutive
//            pieces with the same list share it                   (type III)
//
// On the device a CUDA block takes up to T rows of one piece, a thread one row
// (DiagonalBlock); a block whose rows keep every diagonal of its list inside
// the matrix skips the bounds checks. The host reference kernel walks the same
// blocks in the same order of additions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/uninitialised_vector.hpp"

namespace aijadaptive {

// What a format's cutting decides: rows [row0, row0 + rows) store `offsets`
// (sorted, each with at least one row of the piece inside the matrix).
struct DiagonalPieceSpec {
  std::int64_t row0 = 0, rows = 0;
  std::vector<std::int64_t> offsets;
};

struct DiagonalPiece {
  std::int64_t row0 = 0, rows = 0;
  std::int64_t list = 0;
  std::int64_t values = 0;  // first value of the piece (a multiple of kDiagonalAlign)
  std::int64_t stride = 0;  // values between diagonals: rows rounded up to kDiagonalAlign
};

// Values per diagonal are padded to a multiple of this (32 doubles = 256 bytes,
// two 128-byte lines) so that every diagonal of a piece starts aligned.
inline constexpr std::int64_t kDiagonalAlign = 32;

// One CUDA block's share: rows [row0, row0 + rows) of a piece. list_guard is
// list * 2 + guarded; guarded is 1 when some diagonal of the list leaves the
// matrix for some row of the block (so the kernel checks columns).
struct DiagonalBlock {
  std::int64_t values;  // value of the block's first row on the list's first diagonal
  std::int64_t row0;
  std::int64_t stride;
  std::int32_t rows;
  std::int32_t list_guard;
};
static_assert(sizeof(DiagonalBlock) == 32, "the generated kernels declare the same struct");

template <class V>
struct DiagonalLayout {
  std::int64_t rows = 0, cols = 0, nnz = 0;
  std::vector<std::int64_t> offsets;
  std::vector<std::int64_t> list_begin{0};
  std::vector<DiagonalPiece> pieces;
  std::int64_t stored = 0;  // value slots, padding included
  // The slots on the host: empty until filled (fill_diagonal_values). The
  // device fills its own copy from the CSR arrays (kernels.cu).
  UninitialisedVector<V> values;

  std::int64_t lists() const { return std::int64_t(list_begin.size()) - 1; }
  // The most diagonals of any offset list.
  std::int64_t most_diagonals() const {
    std::int64_t most = 0;
    for (std::size_t l = 0; l + 1 < list_begin.size(); ++l) most = std::max(most, list_begin[l + 1] - list_begin[l]);
    return most;
  }
  // Padding: the share of stored values that are not entries of the matrix.
  double padding() const { return stored == 0 ? 0.0 : 1.0 - double(nnz) / double(stored); }
};

// A layout may store this many times CSR's bytes (values and column indices)
// at most, plus a megabyte: a matrix that would need more is not diagonal, and
// a format asked for it (-mat_aijadaptive_format dia on a random sparse matrix)
// refuses it as unsupported, so that the next candidate takes it, instead of
// allocating rows times diagonals values. The search engine offers these
// formats only at 9/10 of CSR's bytes or less (diagonal_search.hpp).
inline constexpr double kMaxDiagonalBytesOverCsr = 4.0;

// The values a layout cut as `specs` would store.
std::int64_t diagonal_stored_values(const std::vector<DiagonalPieceSpec>& specs);
// Throws unsupported when `stored_values` values are more than the limit above
// allows for `a`: the check of plan_diagonal_layout, for a cutting to make
// early, before it has spent the time and memory of a layout too large.
template <class V, class I>
void require_diagonal_storage(const CsrView<V, I>& a, std::int64_t stored_values);

// Throws unsupported unless every row's columns strictly increase (as AIJ's
// do): a repeated column would need its values summed, which a slot cannot hold
// without changing the order of additions. One pass, on several threads.
template <class V, class I>
void require_increasing_rows(const CsrView<V, I>& a);

// The layout of `a` cut as `specs` says (pieces in row order covering every row
// once; consecutive pieces with equal offset lists share one list), without
// its values. Throws unsupported when it would store more than the limit above.
template <class V, class I>
DiagonalLayout<V> plan_diagonal_layout(const CsrView<V, I>& a, const std::vector<DiagonalPieceSpec>& specs);

// The values of a planned layout on the host from `a` (the layout's rows,
// columns and entry count), every slot written (padding zero), by several
// threads on large matrices; again after a refill. Throws unsupported when a
// row's columns do not increase, invalid_argument when an entry lies on no
// diagonal of its piece (the pattern is not the layout's).
template <class V, class I>
void fill_diagonal_values(const CsrView<V, I>& a, DiagonalLayout<V>& layout);

// The CUDA blocks of a layout for blocks of `block_threads` rows.
template <class V>
std::vector<DiagonalBlock> diagonal_blocks(const DiagonalLayout<V>& layout, int block_threads);

// The device fills a layout's values itself, from the CSR arrays sent in
// chunks of consecutive blocks: the caller's arrays are read once, as the
// upload of a CSR format reads them, and the device writes the padding (the
// host neither fills nor sends it). A chunk holds at most kFillChunkEntries
// entries, or one block's if that block has more.
inline constexpr std::int64_t kFillChunkEntries = std::int64_t(1) << 21;

// A chunk's arrays end to end in one buffer (pinned on the host, scratch on
// the device), each at a 16-byte boundary: row pointers, columns, values.
struct DiagonalChunkBytes {
  std::size_t row_ptr = 0, col_idx = 0, values = 0, total = 0;
};
template <class V, class I>
DiagonalChunkBytes diagonal_chunk_bytes(std::int64_t rows, std::int64_t entries) {
  const auto round = [](std::size_t n) { return (n + 15) / 16 * 16; };
  DiagonalChunkBytes b;
  b.col_idx = round(std::size_t(rows + 1) * sizeof(I));
  b.values = b.col_idx + round(std::size_t(entries) * sizeof(I));
  b.total = b.values + std::size_t(entries) * sizeof(V);
  return b;
}

struct DiagonalFillChunk {
  std::size_t first_block = 0, blocks = 0;
  std::int64_t row0 = 0, rows = 0;        // the blocks' rows
  std::int64_t entry0 = 0, entries = 0;   // their entries in the CSR arrays
};

template <class V, class I>
std::vector<DiagonalFillChunk> diagonal_fill_chunks(const CsrView<V, I>& a, const std::vector<DiagonalBlock>& blocks);

// The bytes of the largest chunk's arrays: the one buffer (each side) that
// carries the chunks one at a time.
template <class V, class I>
std::size_t diagonal_fill_chunk_capacity(const std::vector<DiagonalFillChunk>& chunks) {
  std::int64_t rows = 0, entries = 0;
  for (const DiagonalFillChunk& c : chunks) {
    rows = std::max(rows, c.rows);
    entries = std::max(entries, c.entries);
  }
  return diagonal_chunk_bytes<V, I>(rows, entries).total;
}

// Device memory the fill borrows for one chunk's arrays (row pointers,
// columns, values) and its failure flag.
template <class V, class I>
std::size_t diagonal_fill_scratch_bytes(const CsrView<V, I>& a, const std::vector<DiagonalBlock>& blocks);

// y = alpha * A * x + beta * y walking `blocks` as the kernel does: for each
// row, the diagonals of its list in order, entries outside the matrix skipped.
template <class V>
void diagonal_reference_apply(const DiagonalLayout<V>& layout, const std::vector<DiagonalBlock>& blocks, V alpha,
                              const V* x, V beta, V* y);

// y = alpha * A^T * x + beta * y of a one-piece layout (dia): output j sums
// the diagonals in order, each at row j - offset.
template <class V>
void diagonal_reference_transpose(const DiagonalLayout<V>& layout, V alpha, const V* x, V beta, V* y);

// The host half shared by the three formats: everything but the cutting.
template <class V, class I>
class DiagonalHostFormat : public HostFormat<V, I> {
 public:
  DiagonalHostFormat(FormatId id, const FormatContext& context, int block_threads);
  Capabilities capabilities() const override;
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  FormatId id() const { return id_; }
  const FormatContext& context() const { return context_; }
  // Every diagonal of `a`, sorted: the analysis's when it found them (no
  // second pass over the entries), else counted here.
  std::vector<std::int64_t> offsets_of(const CsrView<V, I>& a) const;
  int block_threads() const { return block_threads_; }
  // The pieces and offset lists; the values are on the host only once
  // layout_with_values() has filled them (the device fills its own).
  const DiagonalLayout<V>& layout() const { return layout_; }
  // The layout with its values filled on the host from the current CSR
  // arrays (on first use after a build or refill): the reference kernel's.
  const DiagonalLayout<V>& layout_with_values() const;
  const std::vector<DiagonalBlock>& blocks() const { return blocks_; }

 protected:
  // The format's cutting of `a` into pieces.
  virtual std::vector<DiagonalPieceSpec> cut(const CsrView<V, I>& a) const = 0;
  // The analysis's diagonal search of `a` (its offsets, its pieces' lists,
  // whether its rows increase), or null: a format built on its own, or on a
  // reordered matrix.
  const Features* search_of(const CsrView<V, I>& a) const;

 private:
  FormatId id_;
  FormatContext context_;
  int block_threads_;
  CsrView<V, I> a_;
  mutable DiagonalLayout<V> layout_;
  mutable bool values_current_ = false;  // layout_.values hold a_'s values
  mutable std::mutex values_mutex_;
  std::vector<DiagonalBlock> blocks_;
};

// The device half (src/diagonal/kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_diagonal(const DiagonalHostFormat<V, I>& host, Stream stream);

// The sorted distinct offsets (column - row) of a's entries in rows [row0, row1).
template <class V, class I>
std::vector<std::int64_t> diagonal_offsets(const CsrView<V, I>& a, std::int64_t row0, std::int64_t row1);

}  // namespace aijadaptive
