#include "aijadaptive/csr_view.hpp"

#include <algorithm>
#include <string>
#include <vector>

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
  // Two passes over row parts on several threads, each reporting the first
  // bad row it met, so the error names the first bad row of the matrix as one
  // pass would. The pointers first: the columns are read only between them.
  const std::vector<detail::RowPart> parts = detail::row_parts(a.rows, a.nnz(), 1);
  std::vector<std::int64_t> bad(parts.size(), a.rows);
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i)
      if (a.row_ptr[i + 1] < a.row_ptr[i]) {
        bad[p] = i;
        return;
      }
  });
  const std::int64_t decreasing = *std::min_element(bad.begin(), bad.end());
  AIJA_REQUIRE(decreasing == a.rows, invalid_argument,
               "CSR row pointers decrease at row " + std::to_string(decreasing));
  const I nnz = a.nnz();
  if (nnz == 0) return;
  AIJA_REQUIRE(a.col_idx != nullptr && a.values != nullptr, invalid_argument,
               "CSR matrix with nonzeros but no column indices or values");
  std::vector<std::int64_t> bad_entry(parts.size(), -1);
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i)
      for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
        if (a.col_idx[k] < 0 || a.col_idx[k] >= a.cols) {
          bad[p] = i;
          bad_entry[p] = std::int64_t(k);
          return;
        }
  });
  const std::size_t first = std::size_t(std::min_element(bad.begin(), bad.end()) - bad.begin());
  if (bad_entry[first] < 0) return;
  AIJA_REQUIRE(false, invalid_argument,
               "CSR column index " + std::to_string(a.col_idx[bad_entry[first]]) + " in row " +
                   std::to_string(bad[first]) + " is outside [0, " + std::to_string(a.cols) + ")");
}

#define AIJA_INSTANTIATE(V, I) template void check_csr<V, I>(const CsrView<V, I>&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
