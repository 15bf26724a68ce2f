// Format `dia` (DIA-Adaptive, type I): DIA, the whole matrix one row piece
// storing every diagonal; for matrices whose diagonals all lie near the main
// one with little padding (include/aijadaptive/diagonal_layout.hpp has the
// arrays and the paper).
//
//   offsets  [K]        sorted, e.g. -n*n-n-1 .. n*n+n+1 for a 27-point stencil
//   values   [K][rows]  diagonal k, row i at k * stride + i (zero where the
//                       diagonal has no entry or leaves the matrix)
//
// No column indices: a 27-point stencil moves about 232 bytes a row instead
// of CSR's 344. The transpose reads the same values at rows j - offset.
#pragma once

#include "aijadaptive/diagonal_layout.hpp"

namespace aijadaptive {

template <class V, class I>
class DiaHostFormat final : public DiagonalHostFormat<V, I> {
 public:
  explicit DiaHostFormat(const FormatContext& context);

 protected:
  std::vector<DiagonalPieceSpec> cut(const CsrView<V, I>& a) const override;
};

}  // namespace aijadaptive
