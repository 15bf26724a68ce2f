// A copy of the caller's CSR arrays, owned by the core: what a deferred
// set-up (AdaptiveMatrix, MatrixOptions::defer_min_nnz) builds from on its
// host thread after build() has returned, when the caller may already be
// changing its own arrays (PETSc reallocates them at a MatSetValues that adds
// a nonzero).
#pragma once

#include <cstddef>
#include <thread>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/uninitialised_vector.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive::detail {

template <class V, class I>
class CsrCopy {
 public:
  explicit CsrCopy(const CsrView<V, I>& a) : rows_(a.rows), cols_(a.cols) {
    const std::size_t rows = std::size_t(a.rows) + 1, nnz = std::size_t(a.nnz());
    // Every hardware thread, not the staging's few: the caller waits for the copy.
    const std::size_t threads = std::thread::hardware_concurrency();
    row_ptr_.resize(rows);
    col_idx_.resize(nnz);
    values_.resize(nnz);
    // Entries before row_ptr[0] belong to no row, but are copied with the rest.
    parallel_copy(row_ptr_.data(), a.row_ptr, rows * sizeof(I), threads);
    if (nnz == 0) return;
    parallel_copy(col_idx_.data(), a.col_idx, nnz * sizeof(I), threads);
    parallel_copy(values_.data(), a.values, nnz * sizeof(V), threads);
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
