// Format `brcsd1` (DIA-Adaptive type II, BRCSD-I): rows cut into pieces where
// a diagonal enters or leaves the matrix, each piece storing the diagonals
// that cross it; for matrices with diagonals far from the main one, which DIA
// would pad over a long stretch of rows (include/aijadaptive/diagonal_layout.hpp
// has the arrays and the paper).
//
//   diagonals  -1 0 1 and +n/2:   rows [0, n/2)  store -1 0 1 +n/2
//                                 rows [n/2, n)  store -1 0 1
//
// Piece points closer than eta rows to the previous kept one are dropped (the
// last point always stays), so no piece is shorter than eta rows: one piece
// then stores the diagonals of both, padded where one leaves the matrix.
#pragma once

#include "aijadaptive/diagonal_layout.hpp"

namespace aijadaptive {

template <class V, class I>
class Brcsd1HostFormat final : public DiagonalHostFormat<V, I> {
 public:
  explicit Brcsd1HostFormat(const FormatContext& context);

 protected:
  std::vector<DiagonalPieceSpec> cut(const CsrView<V, I>& a) const override;

 private:
  std::int64_t eta_;
};

// The piece points of BRCSD-I: 0, rows, and for every diagonal the rows where
// it enters and leaves a rows x cols matrix, sorted and trimmed by eta.
std::vector<std::int64_t> brcsd1_piece_points(const std::vector<std::int64_t>& offsets, std::int64_t rows,
                                              std::int64_t cols, std::int64_t eta);

}  // namespace aijadaptive
