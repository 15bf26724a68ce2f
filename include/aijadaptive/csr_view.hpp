// A non-owning view of a host CSR matrix (zero-based, row_ptr[0] == 0).
//
//   row_ptr: [rows + 1]   start of each row in col_idx/values
//   col_idx: [nnz]        column of each stored entry
//   values : [nnz]        value of each stored entry
//
// The owner (PETSc's SeqAIJ, the benchmark's std::vectors) must keep the arrays
// alive and unchanged until it hands the matrix a new view.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace aijadaptive {

template <class V, class I>
struct CsrView {
  I rows = 0;
  I cols = 0;
  const I* row_ptr = nullptr;
  const I* col_idx = nullptr;
  const V* values = nullptr;

  I nnz() const { return rows > 0 ? row_ptr[rows] : I(0); }
};

// Whether row i (0 < i < rows) has the columns of row i - 1, in the same
// order: the rows of one mesh node (I-nodes).
template <class V, class I>
bool repeats_previous_row(const CsrView<V, I>& a, std::int64_t i) {
  const I* prev = a.col_idx + a.row_ptr[i - 1];
  const I* row = a.col_idx + a.row_ptr[i];
  const I* end = a.col_idx + a.row_ptr[i + 1];
  return end - row == row - prev && std::equal(row, end, prev);
}

// Throws ErrorKind::invalid_argument with the first defect found: negative
// sizes, missing arrays, row_ptr not starting at 0 or decreasing, a column
// index outside [0, cols). O(rows + nnz).
template <class V, class I>
void check_csr(const CsrView<V, I>& a);

}  // namespace aijadaptive
