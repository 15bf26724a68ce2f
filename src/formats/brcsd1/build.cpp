// Format `brcsd1`: row pieces cut where diagonals enter or leave the matrix.
#include <algorithm>

#include "aijadaptive/formats/brcsd1.hpp"
#include "aijadaptive/instantiate.hpp"
#include "diagonal/tuning.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& brcsd1_params() {
  static const std::vector<ParamSpec> specs = {
      integer_param("block_threads", "threads per block, one row each", 32, 1024, diagonal_tuning::kBlockThreads, 32),
      integer_param("eta", "rows a row piece has at least (piece points closer than this are dropped)", 1, 1 << 30,
                    diagonal_tuning::kEta),
      diagonal_tuning::refill_map_param(), diagonal_tuning::refill_on_host_param()};
  return specs;
}

std::vector<std::int64_t> brcsd1_piece_points(const std::vector<std::int64_t>& offsets, std::int64_t rows,
                                              std::int64_t cols, std::int64_t eta) {
  std::vector<std::int64_t> points{0, rows};
  for (std::int64_t d : offsets) {
    points.push_back(std::clamp<std::int64_t>(-d, 0, rows));        // enters
    points.push_back(std::clamp<std::int64_t>(cols - d, 0, rows));  // leaves
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  // The paper's trimming: keep a point at least eta rows after the last kept
  // one; the last point (rows) always stays, replacing a kept one too close.
  std::vector<std::int64_t> kept{points.front()};
  for (std::size_t k = 1; k < points.size(); ++k) {
    const std::int64_t p = points[k];
    if (p - kept.back() >= eta) {
      kept.push_back(p);
    } else if (k + 1 == points.size()) {
      if (kept.size() > 1) kept.back() = p;
      else kept.push_back(p);
    }
  }
  return kept;
}

template <class V, class I>
Brcsd1HostFormat<V, I>::Brcsd1HostFormat(const FormatContext& context)
    : DiagonalHostFormat<V, I>(FormatId::brcsd1, context,
                               int(context.params.integer(FormatId::brcsd1, "block_threads"))),
      eta_(context.params.integer(FormatId::brcsd1, "eta")) {}

template <class V, class I>
std::vector<DiagonalPieceSpec> Brcsd1HostFormat<V, I>::cut(const CsrView<V, I>& a) const {
  if (a.rows == 0) return {};
  const std::vector<std::int64_t> offsets = this->offsets_of(a);
  // Every diagonal is stored over all its rows at least: a matrix that is not
  // diagonal (thousands of offsets) is refused here, before a piece list of
  // pieces times offsets is made.
  std::int64_t spans = 0;
  for (std::int64_t d : offsets) spans += diagonal_span(d, a.rows, a.cols).length();
  require_diagonal_storage(a, spans);
  const std::vector<std::int64_t> points = brcsd1_piece_points(offsets, a.rows, a.cols, eta_);
  std::vector<DiagonalPieceSpec> specs;
  for (std::size_t k = 0; k + 1 < points.size(); ++k) {
    DiagonalPieceSpec s{points[k], points[k + 1] - points[k], {}};
    for (std::int64_t d : offsets)  // the diagonals with a row of the piece inside the matrix
      if (diagonal_span(d, a.rows, a.cols).meets(s.row0, s.row0 + s.rows)) s.offsets.push_back(d);
    specs.push_back(std::move(s));
  }
  return specs;
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_brcsd1_host_format(const FormatContext& context) {
  return std::make_unique<Brcsd1HostFormat<V, I>>(context);
}

#define AIJA_INSTANTIATE(V, I)          \
  template class Brcsd1HostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_brcsd1_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
