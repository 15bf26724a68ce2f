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
#include <memory>
#include <vector>

namespace aijadaptive {

// Runs of consecutive rows with identical column lists, as the matrix's owner
// already knows them (PETSc's I-nodes), so that a format that groups such
// rows (inode) compares only the rows where two runs meet. A hint for the
// arrays it was made with: a view of other arrays (a copy, a reordering, a
// narrowing of the indices) does not apply it, even if it carries it along.
struct RowRuns {
  std::vector<std::int64_t> sizes;  // from row 0 on; each >= 1, the sum the row count
  const void* row_ptr = nullptr;    // the arrays they describe
  const void* col_idx = nullptr;
};

template <class V, class I>
struct CsrView {
  I rows = 0;
  I cols = 0;
  const I* row_ptr = nullptr;
  const I* col_idx = nullptr;
  const V* values = nullptr;
  std::shared_ptr<const RowRuns> row_runs = nullptr;  // optional

  I nnz() const { return rows > 0 ? row_ptr[rows] : I(0); }
};

// a.row_runs where it describes a's own arrays and its runs cover a's rows
// exactly; else null (then every row must be compared with the one before).
template <class V, class I>
const RowRuns* applicable_row_runs(const CsrView<V, I>& a) {
  const RowRuns* runs = a.row_runs.get();
  if (!runs || runs->row_ptr != a.row_ptr || runs->col_idx != a.col_idx) return nullptr;
  std::int64_t total = 0;
  for (const std::int64_t size : runs->sizes) {
    if (size < 1) return nullptr;
    total += size;
  }
  return total == std::int64_t(a.rows) ? runs : nullptr;
}

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
