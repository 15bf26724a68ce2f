// Host reference kernel of format `segspmv`: walks the pieces, segments and
// padding exactly as the CUDA kernel does, in its order of additions.
#include <algorithm>
#include <array>
#include <vector>

#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/formats/segspmv.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"
#include "formats/segspmv/long_chunks.hpp"

namespace aijadaptive {

namespace {

constexpr std::size_t kWarp = 32;

// Entry k of the row's slots (k may be padding: 0, x not read).
template <class V, class I>
V slot_product(const CsrView<V, I>& a, std::int64_t row, std::int64_t k, const V* x) {
  const std::int64_t begin = a.row_ptr[row];
  return k < std::int64_t(a.row_ptr[row + 1]) - begin ? a.values[begin + k] * x[a.col_idx[begin + k]] : V(0);
}

// The segment sums of segments [seg0, seg1) of `row` (from its segment
// row_seg[row]): by the shuffle tree over L lanes, or one thread in order
// (scalar and vector).
template <class V, class I>
void segment_sums(const CsrView<V, I>& a, const SegspmvLayout<I>& l, std::int64_t row, std::int64_t seg0,
                  std::int64_t seg1, const V* x, V* sums) {
  const std::int64_t L = l.length;
  for (std::int64_t s = seg0; s < seg1; ++s) {
    const std::int64_t first = (s - l.row_seg[std::size_t(row)]) * L;
    V& sum = sums[s - seg0];
    sum = V(0);
    if (l.variant == SegspmvVariant::tree) {
      std::array<V, kWarp> lanes{};
      for (std::int64_t k = 0; k < L; ++k) lanes[std::size_t(k)] = slot_product(a, row, first + k, x);
      sum = detail::shuffle_tree_sum(lanes, std::size_t(L));
    } else {
      for (std::int64_t k = 0; k < L; ++k) sum += slot_product(a, row, first + k, x);
    }
  }
}

}  // namespace

template <class V, class I>
void SegspmvHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op != Op::plain) {  // (conjugate) transpose: the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const SegspmvLayout<I>& l = layout_;
  const std::int64_t capacity = params_.piece_slots();
  const bool add = alpha == V(1) && beta == V(1);  // MatMultAdd: rows start from y, as in csr
  std::vector<V> sums(static_cast<std::size_t>(capacity));
  std::vector<V> chunks;  // the chunk sums of the long row in progress
  for (std::int64_t p = 0; p < l.pieces(); ++p) {
    const std::int64_t row0 = l.piece_row[std::size_t(p)], row1 = l.piece_row[std::size_t(p) + 1];
    const std::int64_t seg0 = l.piece_seg[std::size_t(p)], seg1 = l.piece_seg[std::size_t(p) + 1];
    const std::int64_t row_segs = l.row_seg[std::size_t(row0) + 1] - l.row_seg[std::size_t(row0)];
    if (row_segs * l.length > capacity) {
      // A chunk, a piece's slots at a time (half that when it has more):
      // lane t adds the sums t, t + 32, ... of each, in order, then the tree.
      const std::int64_t window =  // segments
          ((seg1 - seg0) * l.length > capacity ? kWarp * segspmv_long_chunk_unroll(params_.unroll, l.variant, l.length)
                                               : capacity) /
          l.length;
      std::array<V, kWarp> lanes{};
      for (std::int64_t w0 = seg0; w0 < seg1; w0 += window) {
        const std::int64_t w1 = std::min(seg1, w0 + window);
        segment_sums(a_, l, row0, w0, w1, x, sums.data());
        for (std::int64_t s = 0; s < w1 - w0; ++s) lanes[std::size_t(s) % kWarp] += sums[std::size_t(s)];
      }
      chunks.push_back(detail::shuffle_tree_sum(lanes, kWarp));
      if (seg1 == l.row_seg[std::size_t(row0) + 1]) {  // the row's last chunk
        // One chunk: its sum; else the last to arrive's warp adds the
        // chunks' sums, lane t those of chunks t, t + 32, ..., then the tree.
        V total = chunks.front();
        if (chunks.size() > 1) {
          std::array<V, kWarp> parts{};
          for (std::size_t k = 0; k < chunks.size(); ++k) parts[k % kWarp] += chunks[k];
          total = detail::shuffle_tree_sum(parts, kWarp);
        }
        y[row0] = detail::scaled_update(alpha, total, beta, y[row0]);
        chunks.clear();
      }
      continue;
    }
    for (std::int64_t row = row0; row < row1; ++row)
      segment_sums(a_, l, row, l.row_seg[std::size_t(row)], l.row_seg[std::size_t(row) + 1], x,
                   sums.data() + (l.row_seg[std::size_t(row)] - seg0));
    for (std::int64_t row = row0; row < row1; ++row) {
      V sum = add ? y[row] : V(0);
      for (std::int64_t s = l.row_seg[std::size_t(row)]; s < l.row_seg[std::size_t(row) + 1]; ++s)
        sum += sums[std::size_t(s - seg0)];
      y[row] = add ? sum : detail::scaled_update(alpha, sum, beta, y[row]);
    }
  }
}

#define AIJA_INSTANTIATE(V, I) template void SegspmvHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
