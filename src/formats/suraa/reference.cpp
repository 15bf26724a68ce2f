// Host reference kernel of format `suraa`: walks the three groups as the CUDA
// kernels do, with their order of additions (a row in column order; a warp's
// 32 lanes and their shuffle tree; a block's warps, their tree and the chunk
// sums in chunk order). Values are read where the device's fill kernel takes
// them from (the CSR arrays).
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/formats/suraa.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

namespace {

constexpr int kWarp = 32;

using detail::scaled_update;

// The kernels' full-warp shuffle tree: lane 0's sum.
template <class V>
V warp_tree(const std::array<V, kWarp>& part) {
  return detail::shuffle_tree_sum(part, kWarp);
}

// Entries [begin, end) of a row (pointers into the CSR arrays) over `lanes`
// lanes, lane t taking begin + t, begin + t + lanes, ... in order.
template <class V, class I>
void lane_sums(const I* cols, const V* vals, std::int64_t begin, std::int64_t end, const V* x, std::vector<V>& part) {
  const std::int64_t lanes = std::int64_t(part.size());
  std::fill(part.begin(), part.end(), V(0));
  for (std::int64_t t = 0; t < lanes; ++t)
    for (std::int64_t j = begin + t; j < end; j += lanes) part[std::size_t(t)] += vals[j] * x[cols[j]];
}

// A block of `threads` threads over entries [begin, end): each warp's tree,
// then warp 0's tree over the warps' sums.
template <class V, class I>
V block_sum(const I* cols, const V* vals, std::int64_t begin, std::int64_t end, const V* x, std::vector<V>& part) {
  lane_sums(cols, vals, begin, end, x, part);
  std::array<V, kWarp> warps{};
  for (std::size_t w = 0; w * kWarp < part.size(); ++w) {
    std::array<V, kWarp> lanes{};
    std::copy_n(part.begin() + std::ptrdiff_t(w * kWarp), kWarp, lanes.begin());
    warps[w] = warp_tree(lanes);
  }
  return warp_tree(warps);
}

}  // namespace

template <class V, class I>
void SuraaHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op != Op::plain) {  // (conjugate) transpose: the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const SuraaLayout& l = layout_;
  const I* cols = a_.col_idx;
  const V* vals = a_.values;
  const auto begin_of = [&](std::int64_t k) { return std::int64_t(a_.row_ptr[l.order[std::size_t(k)]]); };
  const auto row_of = [&](std::int64_t k) { return l.order[std::size_t(k)]; };
  // Short: a thread per row, in column order. As csr_reference_apply,
  // PETSc's MatMultAdd (alpha = beta = 1) starts the row's sum from y: the
  // same bits as csr.
  const bool add = alpha == V(1) && beta == V(1);
  for (std::int64_t k = l.group_begin[0]; k < l.group_begin[1]; ++k) {
    const std::int64_t b = begin_of(k), e = b + l.lengths[std::size_t(k)];
    V sum = add ? y[row_of(k)] : V(0);
    for (std::int64_t j = b; j < e; ++j) sum += vals[j] * x[cols[j]];
    y[row_of(k)] = add ? sum : scaled_update(alpha, sum, beta, y[row_of(k)]);
  }
  // Medium: a warp per row, or in one launch a sub-warp of its block's lanes.
  std::vector<V> part;
  const auto medium_row = [&](std::int64_t k, int width) {
    const std::int64_t b = begin_of(k);
    part.assign(std::size_t(width), V(0));
    lane_sums(cols, vals, b, b + l.lengths[std::size_t(k)], x, part);
    std::array<V, kWarp> lanes{};
    std::copy(part.begin(), part.end(), lanes.begin());
    y[row_of(k)] = scaled_update(alpha, detail::shuffle_tree_sum(lanes, std::size_t(width)), beta, y[row_of(k)]);
  };
  if (l.medium_blocks.empty())
    for (std::int64_t k = l.group_begin[1]; k < l.group_begin[2]; ++k) medium_row(k, kWarp);
  for (const SuraaMediumBlock& m : l.medium_blocks)
    for (std::int64_t k = m.first; k < m.first + m.rows; ++k) medium_row(k, m.lanes);
  // Long: blocks of block_entries entries, their sums added in chunk order.
  part.assign(std::size_t(params_.long_threads), V(0));
  for (const SuraaLongSegment& s : l.long_segments)
    for (std::int64_t k = s.first; k < s.first + s.rows; ++k) {
      const std::int64_t b = begin_of(k), e = b + l.lengths[std::size_t(k)];
      V sum = V(0);
      for (std::int64_t c = 0; c < s.chunks; ++c) {
        const std::int64_t cb = std::min(e, b + c * l.limits.block_entries);
        const std::int64_t ce = std::min(e, cb + l.limits.block_entries);
        const V chunk = block_sum(cols, vals, cb, ce, x, part);
        sum = c == 0 ? chunk : sum + chunk;
      }
      y[row_of(k)] = scaled_update(alpha, sum, beta, y[row_of(k)]);
    }
}

#define AIJA_INSTANTIATE(V, I) template void SuraaHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
