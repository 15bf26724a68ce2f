// Host reference kernel of format `ipcsr`: walks the row blocks exactly as the
// CUDA kernel does, so the host tests exercise the builder (a staged block
// larger than SHARED_SIZE is reported, not overrun).
#include <string>
#include <vector>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/formats/ipcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

template <class V, class I>
void IpcsrHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  if (op != Op::plain) {  // (conjugate) transpose: the device runs it through cuSPARSE on the CSR arrays
    csr_reference_apply(a_, op, alpha, x, beta, y);
    return;
  }
  const CsrView<V, I>& a = a_;
  const std::int64_t S = params_.shared_size;
  // As csr_reference_apply: PETSc's MatMultAdd (alpha = beta = 1) starts a
  // row's sum from y, so whole rows do too and stay bit-identical to csr.
  const bool add = alpha == V(1) && beta == V(1);
  std::vector<V> stage;     // the block's shared memory
  std::vector<V> partials;  // chunk sums of the split row in progress
  for (std::int64_t b = 0; b < blocks_.count(); ++b) {
    const std::int64_t row0 = blocks_.row[b], row1 = blocks_.row[b + 1];
    const std::int64_t k0 = blocks_.nnz[b], k1 = blocks_.nnz[b + 1];
    if (row1 - row0 >= 2) {
      // Stage 1: the products of the whole block; stage 2: one sum per row.
      AIJA_REQUIRE(k1 - k0 <= S, internal,
                   "ipcsr block " + std::to_string(b) + " stages " + std::to_string(k1 - k0) +
                       " values, more than SHARED_SIZE = " + std::to_string(S));
      stage.resize(std::size_t(k1 - k0));
      for (std::int64_t k = k0; k < k1; ++k) stage[k - k0] = a.values[k] * x[a.col_idx[k]];
      for (std::int64_t i = row0; i < row1; ++i) {
        V sum = add ? y[i] : V(0);
        for (std::int64_t k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) sum += stage[k - k0];
        y[i] = add ? sum : detail::scaled_update(alpha, sum, beta, y[i]);
      }
      continue;
    }
    // One row, or one chunk of a split row: no staging, as on the device.
    const std::int64_t row = row0;
    const bool whole_row = row1 - row0 == 1 && k0 == a.row_ptr[row] && k1 == a.row_ptr[row + 1];
    V sum = whole_row && add ? y[row] : V(0);
    for (std::int64_t k = k0; k < k1; ++k) sum += a.values[k] * x[a.col_idx[k]];
    if (whole_row) {
      y[row] = add ? sum : detail::scaled_update(alpha, sum, beta, y[row]);
      continue;
    }
    partials.push_back(sum);
    if (k1 == a.row_ptr[row + 1]) {  // the last chunk: combine in chunk order
      V total = 0;
      for (V p : partials) total += p;
      y[row] = detail::scaled_update(alpha, total, beta, y[row]);
      partials.clear();
    }
  }
}

#define AIJA_INSTANTIATE(V, I) template void IpcsrHostFormat<V, I>::apply(Op, V, const V*, V, V*) const;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
