#include "aijadaptive/csr_view.hpp"

#include <algorithm>
#include <string>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive {

template <class V, class I>
void check_csr(const CsrView<V, I>& a) {
  AIJA_REQUIRE(a.rows >= 0 && a.cols >= 0, invalid_argument,
               "CSR matrix with negative size " + std::to_string(a.rows) + " x " +
                   std::to_string(a.cols));
  if (a.rows == 0) return;
  AIJA_REQUIRE(a.row_ptr != nullptr, invalid_argument, "CSR matrix without row pointers");
  AIJA_REQUIRE(a.row_ptr[0] == 0, invalid_argument, "CSR row pointers must start at 0");
  // The pointers first (over the threads): the columns are read only between them.
  const std::int64_t decreasing =
      detail::first_row_where(a.rows, a.nnz(), [&](std::int64_t i) { return a.row_ptr[i + 1] < a.row_ptr[i]; });
  AIJA_REQUIRE(decreasing == a.rows, invalid_argument,
               "CSR row pointers decrease at row " + std::to_string(decreasing));
  const I nnz = a.nnz();
  if (nnz == 0) return;
  AIJA_REQUIRE(a.col_idx != nullptr && a.values != nullptr, invalid_argument,
               "CSR matrix with nonzeros but no column indices or values");
  const auto outside = [&](I c) { return c < 0 || c >= a.cols; };
  const std::int64_t row = detail::first_row_where(a.rows, nnz, [&](std::int64_t i) {
    return std::any_of(a.col_idx + a.row_ptr[i], a.col_idx + a.row_ptr[i + 1], outside);
  });
  if (row == a.rows) return;
  const I* bad = std::find_if(a.col_idx + a.row_ptr[row], a.col_idx + a.row_ptr[row + 1], outside);
  AIJA_THROW(invalid_argument, "CSR column index " + std::to_string(*bad) + " in row " + std::to_string(row) +
                                   " is outside [0, " + std::to_string(a.cols) + ")");
}

#define AIJA_INSTANTIATE(V, I) template void check_csr<V, I>(const CsrView<V, I>&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
