// Host reference kernel of format `argcsr`: walks the groups as the CUDA
// kernel does, with its order of additions (each thread's chunk in slot order,
// from 0; each row's tree over its threads' sums; a long row's part sums, as
// the last part's block adds them). A thread's slots hold its piece of the row
// (argcsr_piece), read here from the CSR arrays, where the device's fill takes
// them from.
#include <vector>

#include "aijadaptive/formats/argcsr.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

namespace {

// The kernel's tree over n sums: lane adds lane + s for s = 1, 2, 4, ... where
// lane is a multiple of 2s and lane + s < n; the total ends in p[0].
template <class V>
void tree_sum(V* p, int n) {
  for (int s = 1; s < n; s *= 2)
    for (int lane = 0; lane + s < n; lane += 2 * s) p[lane] += p[lane + s];
}

}  // namespace

template <class V, class I>
void ArgcsrHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op != Op::plain) {  // (conjugate) transpose: the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const ArgcsrLayout& l = layout_;
  const int T = l.threads;
  std::vector<V> partial(static_cast<std::size_t>(T));  // the block's shared memory
  std::vector<V> part_sums;                             // of the long row being walked
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    const std::uint16_t* starts = l.starts(g);
    for (int i = 0; i < group.rows; ++i) {
      const std::int64_t row = group.first_row + i;
      const ArgcsrPiece span = argcsr_span(group, std::int64_t(a_.row_ptr[row + 1]) - a_.row_ptr[row], l.part_entries);
      const std::int64_t begin = a_.row_ptr[row] + span.first;
      const int first = starts[i], threads = starts[i + 1] - first;
      // Its threads' chunks: padding ends a chunk and adds nothing.
      for (int lane = 0; lane < threads; ++lane) {
        const ArgcsrPiece piece = argcsr_piece(span.count, threads, lane);
        V sum = V(0);
        for (std::int64_t j = begin + piece.first; j < begin + piece.first + piece.count; ++j)
          sum += a_.values[j] * x[a_.col_idx[j]];
        partial[std::size_t(first + lane)] = sum;
      }
      tree_sum(partial.data() + first, threads);
      if (group.parts == 1) {
        y[row] = detail::scaled_update(alpha, partial[std::size_t(first)], beta, y[row]);
        continue;
      }
      // A long row's part: its sum kept until the last part; then thread t
      // adds parts t, t + T, ... in order, and the tree over the T threads.
      part_sums.push_back(partial[0]);
      if (group.part + 1 < group.parts) continue;
      for (int t = 0; t < T; ++t) {
        V sum = V(0);
        for (std::size_t k = std::size_t(t); k < part_sums.size(); k += std::size_t(T)) sum += part_sums[k];
        partial[std::size_t(t)] = sum;
      }
      tree_sum(partial.data(), T);
      y[row] = detail::scaled_update(alpha, partial[0], beta, y[row]);
      part_sums.clear();
    }
  }
}

#define AIJA_INSTANTIATE(V, I) template void ArgcsrHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
