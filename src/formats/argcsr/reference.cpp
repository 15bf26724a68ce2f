// Host reference kernel of format `argcsr`: walks the groups as the CUDA
// kernel does, with its order of additions (each thread's chunk in slot order,
// from 0; each row's tree over its threads' sums). A thread's slots hold its
// piece of the row (argcsr_piece), read here from the CSR arrays, where the
// device's fill takes them from.
#include <vector>

#include "aijadaptive/formats/argcsr.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

template <class V, class I>
void ArgcsrHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op == Op::transpose) {  // the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const ArgcsrLayout& l = layout_;
  std::vector<V> partial(static_cast<std::size_t>(l.threads));  // the block's shared memory
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    const std::uint16_t* starts = l.starts(g);
    for (int i = 0; i < group.rows; ++i) {
      const std::int64_t row = group.first_row + i, begin = a_.row_ptr[row];
      const std::int64_t length = std::int64_t(a_.row_ptr[row + 1]) - begin;
      const int first = starts[i], threads = starts[i + 1] - first;
      // Its threads' chunks: padding ends a chunk and adds nothing.
      for (int lane = 0; lane < threads; ++lane) {
        const ArgcsrPiece piece = argcsr_piece(length, threads, lane);
        V sum = V(0);
        for (std::int64_t j = begin + piece.first; j < begin + piece.first + piece.count; ++j)
          sum += a_.values[j] * x[a_.col_idx[j]];
        partial[std::size_t(first + lane)] = sum;
      }
      // The kernel's tree: lane adds lane + s for s = 1, 2, 4, ... where lane
      // is a multiple of 2s and lane + s a thread of the row.
      V* p = partial.data() + first;
      for (int s = 1; s < threads; s *= 2)
        for (int lane = 0; lane + s < threads; lane += 2 * s) p[lane] += p[lane + s];
      y[row] = detail::scaled_update(alpha, p[0], beta, y[row]);
    }
  }
}

#define AIJA_INSTANTIATE(V, I) template void ArgcsrHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
