// Format `brcsd2` (DIA-Adaptive type III, BRCSD-II): rows cut into pieces of a
// fixed number of rows, each piece storing the diagonals that have an entry in
// it; consecutive pieces with the same diagonals share one offset list. For
// matrices whose diagonals have long runs without entries or single scattered
// entries, which DIA and BRCSD-I would pad (include/aijadaptive/diagonal_layout.hpp
// has the arrays and the paper).
//
//   piece rows    0..255 | 256..511 | 512..767
//   offset lists  L0     | L0       | L1        (L0 shared: two pieces, one list)
#pragma once

#include "aijadaptive/diagonal_layout.hpp"

namespace aijadaptive {

// BRCSD-II's cutting of `a`: pieces of piece_rows rows, each with the sorted
// offsets of its entries. One pass, in row parts on several threads (parts ==
// 0: as many as the size pays for; > 0: that many, for the tests).
template <class V, class I>
std::vector<DiagonalPieceSpec> brcsd2_cut(const CsrView<V, I>& a, std::int64_t piece_rows, int parts = 0);

// The same cutting at kBrcsd2PieceRows rows a piece, from the lists the
// analysis's diagonal search made of `f`'s matrix (Features::
// diagonal_piece_begin), without a pass over the entries.
std::vector<DiagonalPieceSpec> brcsd2_cut_from_search(const Features& f);

template <class V, class I>
class Brcsd2HostFormat final : public DiagonalHostFormat<V, I> {
 public:
  explicit Brcsd2HostFormat(const FormatContext& context);

 protected:
  std::vector<DiagonalPieceSpec> cut(const CsrView<V, I>& a) const override;

 private:
  std::int64_t piece_rows_;
};

}  // namespace aijadaptive
