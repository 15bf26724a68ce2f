// A copy of the caller's CSR arrays, owned by the core: what a deferred
// set-up (AdaptiveMatrix, MatrixOptions::defer_min_nnz) builds from on its
// host thread after build() has returned, when the caller may already be
// changing its own arrays (PETSc reallocates them at a MatSetValues that adds
// a nonzero). Copied in row parts on the host's threads.
#pragma once

#include <cstdint>
#include <cstring>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/uninitialised_vector.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive::detail {

template <class V, class I>
class CsrCopy {
 public:
  explicit CsrCopy(const CsrView<V, I>& a)
      : rows_(a.rows), cols_(a.cols), row_ptr_(a.row_ptr, a.row_ptr + std::size_t(a.rows) + 1) {
    const std::int64_t nnz = a.nnz();
    col_idx_.resize(std::size_t(nnz));
    values_.resize(std::size_t(nnz));
    // Entries before row_ptr[0] belong to no row: nothing reads them. Parts of
    // a quarter of the usual size, so more of the host's threads share the
    // copy: the caller's set-up waits for it.
    const std::vector<RowPart> parts = row_parts(a.rows, nnz, 1, 0, kEntriesPerRowPart / 4);
    run_row_parts(parts.size(), [&](std::size_t p) {
      const std::size_t from = std::size_t(a.row_ptr[parts[p].begin]);
      const std::size_t to = std::size_t(a.row_ptr[parts[p].end]);
      if (to == from) return;
      std::memcpy(col_idx_.data() + from, a.col_idx + from, (to - from) * sizeof(I));
      std::memcpy(values_.data() + from, a.values + from, (to - from) * sizeof(V));
    });
  }
  CsrCopy(const CsrCopy&) = delete;
  CsrCopy& operator=(const CsrCopy&) = delete;

  CsrView<V, I> view() const { return {rows_, cols_, row_ptr_.data(), col_idx_.data(), values_.data()}; }

 private:
  I rows_, cols_;
  UninitialisedVector<I> row_ptr_, col_idx_;
  UninitialisedVector<V> values_;
};

}  // namespace aijadaptive::detail
