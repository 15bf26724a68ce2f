#include "aijadaptive/csr_view.hpp"

#include <string>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
void check_csr(const CsrView<V, I>& a) {
  AIJA_REQUIRE(a.rows >= 0 && a.cols >= 0, invalid_argument,
               "CSR matrix with negative size " + std::to_string(a.rows) + " x " +
                   std::to_string(a.cols));
  if (a.rows == 0) return;
  AIJA_REQUIRE(a.row_ptr != nullptr, invalid_argument, "CSR matrix without row pointers");
  AIJA_REQUIRE(a.row_ptr[0] == 0, invalid_argument, "CSR row pointers must start at 0");
  for (I i = 0; i < a.rows; ++i)
    AIJA_REQUIRE(a.row_ptr[i + 1] >= a.row_ptr[i], invalid_argument,
                 "CSR row pointers decrease at row " + std::to_string(i));
  const I nnz = a.nnz();
  if (nnz == 0) return;
  AIJA_REQUIRE(a.col_idx != nullptr && a.values != nullptr, invalid_argument,
               "CSR matrix with nonzeros but no column indices or values");
  for (I i = 0; i < a.rows; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      AIJA_REQUIRE(a.col_idx[k] >= 0 && a.col_idx[k] < a.cols, invalid_argument,
                   "CSR column index " + std::to_string(a.col_idx[k]) + " in row " +
                       std::to_string(i) + " is outside [0, " + std::to_string(a.cols) + ")");
}

#define AIJA_INSTANTIATE(V, I) template void check_csr<V, I>(const CsrView<V, I>&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
