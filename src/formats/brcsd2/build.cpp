// Format `brcsd2`: row pieces of a fixed size, each with the diagonals that
// have an entry in it.
#include <algorithm>

#include "aijadaptive/formats/brcsd2.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_parts.hpp"
#include "diagonal/tuning.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& brcsd2_params() {
  static const std::vector<ParamSpec> specs = {
      integer_param("block_threads", "threads per block, one row each", 32, 1024, diagonal_tuning::kBlockThreads, 32),
      integer_param("piece_rows", "rows of a row piece (each stores the diagonals with an entry in it)", 32, 1 << 20,
                    diagonal_tuning::kPieceRows, 32),
      diagonal_tuning::refill_map_param(), diagonal_tuning::refill_on_host_param()};
  return specs;
}

template <class V, class I>
Brcsd2HostFormat<V, I>::Brcsd2HostFormat(const FormatContext& context)
    : DiagonalHostFormat<V, I>(FormatId::brcsd2, context,
                               int(context.params.integer(FormatId::brcsd2, "block_threads"))),
      piece_rows_(context.params.integer(FormatId::brcsd2, "piece_rows")) {}

// One pass over the entries, in row parts on several threads (each part whole
// pieces): a stamp per possible offset records the last piece of the part
// that saw it (1 + its number in the part; 0: none), so each piece lists its
// diagonals without clearing a table per piece.
template <class V, class I>
std::vector<DiagonalPieceSpec> brcsd2_cut(const CsrView<V, I>& a, std::int64_t piece_rows, int part_count) {
  const std::int64_t rows = a.rows, cols = a.cols;
  const std::vector<detail::RowPart> parts =
      detail::row_parts(rows, a.nnz(), piece_rows, part_count, detail::kEntriesPerLookupPart);
  std::vector<std::vector<DiagonalPieceSpec>> part_specs(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    const detail::ZeroedTable<std::int64_t> stamp = detail::zeroed_table<std::int64_t>(rows + cols - 1);
    std::vector<DiagonalPieceSpec>& specs = part_specs[p];
    for (std::int64_t r0 = parts[p].begin; r0 < parts[p].end; r0 += piece_rows) {
      DiagonalPieceSpec s{r0, std::min(piece_rows, parts[p].end - r0), {}};
      const std::int64_t piece = std::int64_t(specs.size()) + 1;
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
  });
  std::vector<DiagonalPieceSpec> specs;
  for (std::vector<DiagonalPieceSpec>& part : part_specs)
    for (DiagonalPieceSpec& s : part) specs.push_back(std::move(s));
  return specs;
}

std::vector<DiagonalPieceSpec> brcsd2_cut_from_search(const Features& f) {
  const std::int64_t pieces = std::int64_t(f.diagonal_piece_begin.size()) - 1;
  AIJA_REQUIRE(pieces == (f.rows + kBrcsd2PieceRows - 1) / kBrcsd2PieceRows, internal,
               "brcsd2: the diagonal search listed " + std::to_string(pieces) + " pieces for " +
                   std::to_string(f.rows) + " rows");
  std::vector<DiagonalPieceSpec> specs(std::size_t(std::max<std::int64_t>(0, pieces)));
  for (std::int64_t p = 0; p < pieces; ++p) {
    DiagonalPieceSpec& s = specs[std::size_t(p)];
    s.row0 = p * kBrcsd2PieceRows;
    s.rows = std::min(kBrcsd2PieceRows, f.rows - s.row0);
    s.offsets.assign(f.diagonal_piece_offsets.begin() + f.diagonal_piece_begin[std::size_t(p)],
                     f.diagonal_piece_offsets.begin() + f.diagonal_piece_begin[std::size_t(p) + 1]);
    std::sort(s.offsets.begin(), s.offsets.end());
  }
  return specs;
}

// The search's lists when it made them at this piece size: the cut's pass
// was most of the host build (docs/h200-2026-12-01-diagonal-setup).
template <class V, class I>
std::vector<DiagonalPieceSpec> Brcsd2HostFormat<V, I>::cut(const CsrView<V, I>& a) const {
  const Features* f = this->search_of(a);
  if (f && piece_rows_ == kBrcsd2PieceRows && !f->diagonal_piece_begin.empty()) return brcsd2_cut_from_search(*f);
  return brcsd2_cut(a, piece_rows_);
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_brcsd2_host_format(const FormatContext& context) {
  return std::make_unique<Brcsd2HostFormat<V, I>>(context);
}

#define AIJA_INSTANTIATE(V, I)                                                                                \
  template std::vector<DiagonalPieceSpec> brcsd2_cut<V, I>(const CsrView<V, I>&, std::int64_t, int);           \
  template class Brcsd2HostFormat<V, I>;                                                                       \
  template std::unique_ptr<HostFormat<V, I>> make_brcsd2_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
