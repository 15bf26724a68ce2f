// Format `csr`: the matrix exactly as PETSc's AIJ stores it.
//
//   row_ptr [rows+1]  0 .. nnz
//   col_idx [nnz]     column of each entry, row by row
//   values  [nnz]     value of each entry, row by row
//
// Host: the builder keeps a view (no copy); the reference kernel below is the
// CPU fallback and the oracle of every other format's tests.
// Device: the same three arrays, multiplied by cuSPARSE's generic SpMV after
// its one-off preprocessing step (cusparseSpMV_preprocess).
#pragma once

#include "aijadaptive/format.hpp"

namespace aijadaptive {

// y = alpha * op(A) * x + beta * y, row by row in CSR order, with the same
// order of additions as PETSc's MatMult_SeqAIJ (alpha 1, beta 0) and
// MatMultAdd_SeqAIJ (alpha 1, beta 1).
template <class V, class I>
void csr_reference_apply(const CsrView<V, I>& a, Op op, V alpha, const V* x, V beta, V* y);

template <class V, class I>
class CsrHostFormat final : public HostFormat<V, I> {
 public:
  FormatId id() const override { return FormatId::csr; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }

 private:
  CsrView<V, I> a_;
};

}  // namespace aijadaptive
