// Host reference kernel of format `inode`: walks the slices as the CUDA kernel
// does (one lane per group in column order, or k lanes' partial sums and their
// tree), decoding the column offsets; values are read where the device's fill
// kernel takes them from (the CSR arrays).
#include <array>
#include <cstdint>

#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/formats/inode.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

namespace {

// Column j of group `lane` of slice s, or -1 for padding.
std::int64_t column(const InodeLayout& l, const InodeSlice& s, std::int64_t j, std::int64_t lane) {
  const std::int64_t at = s.offsets_at + j * s.groups + lane;
  if (s.kind & kInodeOffsets32) {
    const std::uint32_t o = l.offsets32[std::size_t(at)];
    return o == kInodePad32 ? -1 : s.col_base + std::int64_t(o);
  }
  const std::uint16_t o = l.offsets16[std::size_t(at)];
  return o == kInodePad16 ? -1 : s.col_base + std::int64_t(o);
}

}  // namespace

template <class V, class I>
void InodeHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op != Op::plain) {  // (conjugate) transpose: the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const InodeLayout& l = layout_;
  // As csr_reference_apply: PETSc's MatMultAdd (alpha = beta = 1) starts a
  // row's sum from y, and so does a lone lane (the same bits as csr).
  const bool add = alpha == V(1) && beta == V(1);
  for (const InodeSlice& s : l.slices) {
    const auto value = [&](std::int64_t row, std::int64_t j) { return a_.values[a_.row_ptr[row] + j]; };
    const std::int64_t k = s.threads;
    for (std::int64_t g = 0; g < s.groups; ++g) {
      const std::int64_t row = s.row_base + l.rows[std::size_t(s.groups_at + g)];
      for (std::int64_t r = 0; r < s.group_rows; ++r) {
        if (k == 1) {  // one lane in column order, as csr_reference_apply
          V sum = add ? y[row + r] : V(0);
          for (std::int64_t j = 0; j < s.width; ++j) {
            const std::int64_t c = column(l, s, j, g);
            if (c < 0) break;  // padding only trails
            sum += value(row + r, j) * x[c];
          }
          y[row + r] = add ? sum : detail::scaled_update(alpha, sum, beta, y[row + r]);
          continue;
        }
        // Lane t: columns t, t + k, ...; then the warp's shuffle tree.
        std::array<V, kInodeSliceGroups> part{};
        for (std::int64_t t = 0; t < k; ++t)
          for (std::int64_t j = t; j < s.width; j += k) {
            const std::int64_t c = column(l, s, j, g);
            if (c < 0) break;
            part[std::size_t(t)] += value(row + r, j) * x[c];
          }
        y[row + r] = detail::scaled_update(alpha, detail::shuffle_tree_sum(part, std::size_t(k)), beta, y[row + r]);
      }
    }
  }
}

#define AIJA_INSTANTIATE(V, I) template void InodeHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
