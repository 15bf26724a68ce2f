// Format `csr`: the matrix exactly as PETSc's AIJ stores it.
//
//   row_ptr [rows+1]  0 .. nnz
//   col_idx [nnz]     column of each entry, row by row
//   values  [nnz]     value of each entry, row by row
//
// Host: the builder keeps a view (no copy); the reference kernel below is the
// core's host product and the oracle of every other format's tests.
// Device: the same three arrays, multiplied by cuSPARSE's generic SpMV (after
// its one-off preprocessing step, cusparseSpMV_preprocess, for the plain
// product), both plain and transposed. It is also what the core builds, on
// first use, for the transpose of a format that has none.
#pragma once

#include "aijadaptive/format.hpp"

namespace aijadaptive {

// y = alpha * op(A) * x + beta * y, row by row in CSR order, with the same
// order of additions as PETSc's MatMult_SeqAIJ (alpha 1, beta 0) and
// MatMultAdd_SeqAIJ (alpha 1, beta 1). Op::conjugate_transpose multiplies by
// the conjugates of the entries (for real values: the transpose).
template <class V, class I>
void csr_reference_apply(const CsrView<V, I>& a, Op op, V alpha, const V* x, V beta, V* y);

template <class V, class I>
class CsrHostFormat final : public HostFormat<V, I> {
 public:
  // prepare_plain: run cuSPARSE's preprocessing of the plain product at
  // upload (off for the core's transpose fallback, which never runs it).
  // csr_prefetch: the arrays the analysis sent to the device, which the upload
  // keeps rather than send again (FormatContext::csr_prefetch).
  explicit CsrHostFormat(bool prepare_plain = true, std::weak_ptr<CsrPrefetchBase> csr_prefetch = {})
      : prepare_plain_(prepare_plain), csr_prefetch_(std::move(csr_prefetch)) {}
  Capabilities capabilities() const override { return {true, false, false, true}; }
  void build(const CsrView<V, I>& a) override { a_ = a; }
  void refill(const CsrView<V, I>& a) override { a_ = a; }
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override {
    csr_reference_apply(a_, op, alpha, x, beta, y);
  }
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;

  bool prepare_plain() const { return prepare_plain_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  bool prepare_plain_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
};

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_csr(const CsrHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
