// Format `brcsd2`: row pieces of a fixed size, each with the diagonals that
// have an entry in it.
#include <algorithm>

#include "aijadaptive/formats/brcsd2.hpp"
#include "aijadaptive/instantiate.hpp"
#include "diagonal/tuning.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& brcsd2_params() {
  static const std::vector<ParamSpec> specs = {
      integer_param("block_threads", "threads per block, one row each", 32, 1024, diagonal_tuning::kBlockThreads, 32),
      integer_param("piece_rows", "rows of a row piece (each stores the diagonals with an entry in it)", 32, 1 << 20,
                    diagonal_tuning::kPieceRows, 32)};
  return specs;
}

template <class V, class I>
Brcsd2HostFormat<V, I>::Brcsd2HostFormat(const FormatContext& context)
    : DiagonalHostFormat<V, I>(FormatId::brcsd2, context,
                               int(context.params.integer(FormatId::brcsd2, "block_threads"))),
      piece_rows_(context.params.integer(FormatId::brcsd2, "piece_rows")) {}

// One pass over the entries: a stamp per possible offset records the last
// piece that saw it, so each piece lists its diagonals without clearing a
// table per piece.
template <class V, class I>
std::vector<DiagonalPieceSpec> Brcsd2HostFormat<V, I>::cut(const CsrView<V, I>& a) const {
  const std::int64_t rows = a.rows, cols = a.cols;
  std::vector<std::int64_t> stamp(std::size_t(std::max<std::int64_t>(0, rows + cols - 1)), -1);
  std::vector<DiagonalPieceSpec> specs;
  for (std::int64_t r0 = 0; r0 < rows; r0 += piece_rows_) {
    DiagonalPieceSpec s{r0, std::min(piece_rows_, rows - r0), {}};
    const std::int64_t piece = std::int64_t(specs.size());
    for (std::int64_t i = r0; i < r0 + s.rows; ++i)
      for (std::int64_t e = a.row_ptr[i]; e < a.row_ptr[i + 1]; ++e) {
        const std::int64_t off = std::int64_t(a.col_idx[e]) - i;
        std::int64_t& seen = stamp[std::size_t(off + rows - 1)];
        if (seen != piece) {
          seen = piece;
          s.offsets.push_back(off);
        }
      }
    std::sort(s.offsets.begin(), s.offsets.end());
    specs.push_back(std::move(s));
  }
  return specs;
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_brcsd2_host_format(const FormatContext& context) {
  return std::make_unique<Brcsd2HostFormat<V, I>>(context);
}

#define AIJA_INSTANTIATE(V, I)          \
  template class Brcsd2HostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_brcsd2_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
