// The CSR arrays of one matrix on one GPU, and cuSPARSE's generic SpMV on them
// (CUDA builds only).
//
// Shared by the formats that keep the CSR arrays intact so that none of them
// copies another: `csr` runs both products through it, `ipcsr` runs its own
// kernel on the same arrays and uses cuSPARSE for the transpose only.
#pragma once

#include <cusparse.h>

#include <cstddef>
#include <cstdint>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/format.hpp"  // Op, Stream
#include "core/staged_upload.hpp"

namespace aijadaptive::detail {

template <class V, class I>
class CusparseCsr {
 public:
  CusparseCsr() = default;
  ~CusparseCsr();
  CusparseCsr(const CusparseCsr&) = delete;
  CusparseCsr& operator=(const CusparseCsr&) = delete;

  // Copies the arrays (or keeps the ones the analysis sent already, when
  // `sent` holds them: csr_prefetch.hpp) and creates the cuSPARSE descriptor. With
  // prepare_plain the plain product's work buffer is sized and its
  // preprocessing run now; otherwise each product is prepared on its first use.
  void upload(const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent, Stream stream,
              bool prepare_plain);
  // The values again (a refill), staged through pinned buffers when they are
  // more than one piece (staged_upload.hpp).
  void upload_values(const V* values, Stream stream);
  // y = alpha * op(A) * x + beta * y through cuSPARSE; x and y on the device
  // (Op::conjugate_transpose: cuSPARSE's conjugate transpose).
  void apply(Op op, V alpha, const V* x, V beta, V* y, Stream stream);

  std::size_t device_bytes() const;
  std::int64_t rows() const { return rows_; }
  std::int64_t cols() const { return cols_; }
  std::int64_t nnz() const { return nnz_; }
  const I* row_ptr() const { return row_ptr_; }
  const I* col_idx() const { return col_idx_; }
  const V* values() const { return values_; }

 private:
  struct Plan {
    bool ready = false;
    cusparseOperation_t operation = CUSPARSE_OPERATION_NON_TRANSPOSE;
    cusparseSpMVAlg_t algorithm = CUSPARSE_SPMV_ALG_DEFAULT;
    DeviceBuffer<unsigned char> buffer;
  };

  void prepare(Plan& plan, Op op, Stream stream);
  void destroy_descriptor();

  std::int64_t rows_ = 0, cols_ = 0, nnz_ = 0;
  // The arrays: those the analysis sent (taken_), or sent here in one block.
  DeviceCsrArrays<V, I> taken_;
  DeviceBuffer<unsigned char> block_;
  I* row_ptr_ = nullptr;
  I* col_idx_ = nullptr;
  V* values_ = nullptr;
  StagedUpload refills_;
  cusparseSpMatDescr_t matrix_ = nullptr;
  Plan plain_, transpose_, conjugate_transpose_;
};

}  // namespace aijadaptive::detail
