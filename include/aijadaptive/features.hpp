// Cheap structural features of a CSR matrix, the selector's only input.
#pragma once

#include <cstdint>

#include "aijadaptive/csr_view.hpp"

namespace aijadaptive {

struct Features {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::int64_t nnz = 0;
  std::int64_t empty_rows = 0;
  std::int64_t min_row = 0;   // fewest nonzeros in a row
  std::int64_t max_row = 0;   // most nonzeros in a row
  double mean_row = 0.0;      // nnz / rows
  double row_cv = 0.0;        // standard deviation / mean of the row lengths
};

template <class V, class I>
Features compute_features(const CsrView<V, I>& a);

}  // namespace aijadaptive
