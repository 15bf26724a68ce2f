// A copy of the caller's CSR arrays, owned by the core: what a deferred
// set-up (AdaptiveMatrix, MatrixOptions::defer_min_nnz) builds from on its
// host thread after build() has returned, when the caller may already be
// changing its own arrays (PETSc reallocates them at a MatSetValues that adds
// a nonzero). That thread copies them back from those csr uploaded, so that
// the caller's set-up does not wait for a copy on the host.
#pragma once

#include <cstddef>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/device.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/uninitialised_vector.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive::detail {

template <class V, class I>
class CsrCopy {
 public:
  // The arrays of a rows x cols matrix with `nnz` entries, copied back from
  // the device on `stream` through page-locked pieces, which are kept for the
  // next staged copy (staged_upload.hpp): freeing them would wait for all the
  // device's work, 160 ms of csr's queued products once on a deferred
  // set-up's thread.
  CsrCopy(I rows, I cols, I nnz, const DeviceCsrPointers<V, I>& on_device, Stream stream) : rows_(rows), cols_(cols) {
    StagedDownload staging;
    row_ptr_.resize(std::size_t(rows) + 1);
    col_idx_.resize(std::size_t(nnz));
    values_.resize(std::size_t(nnz));
    staging.receive(row_ptr_.data(), on_device.row_ptr, row_ptr_.size() * sizeof(I), stream);
    if (nnz == 0) return;
    staging.receive(col_idx_.data(), on_device.col_idx, col_idx_.size() * sizeof(I), stream);
    staging.receive(values_.data(), on_device.values, values_.size() * sizeof(V), stream);
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
