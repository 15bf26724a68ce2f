#include "aijadaptive/analysis.hpp"

#include <optional>
#include <string>
#include <utility>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
void add_diagonal_search(const CsrView<V, I>& a, Features& f) {
  // The search's features are read only for a diagonal matrix: the verdict is enough.
  DiagonalSearch diagonal = diagonal_search(a, 0, DiagonalPass::verdict);
  f.diagonal_type = diagonal.type;
  f.diagonal_reason = std::move(diagonal.reason);
  if (diagonal.type != DiagonalType::none) {
    f.diagonal_offsets = std::move(diagonal.features.offsets);
    f.diagonal_piece_begin = std::move(diagonal.features.piece_begin);
    f.diagonal_piece_offsets = std::move(diagonal.features.piece_offsets);
    f.diagonal_rows_increase = diagonal.features.rows_increase;
  }
}

template <class V, class I>
Features analysis_features(const CsrView<V, I>& a, const FormatChoice& format, ReorderChoice reorder) {
  Features f = compute_features(a, FeatureSet::row_lengths);
  if (wants_sampled_features(f, format, reorder)) add_sampled_features(a, f);
  return f;
}

OrdersToCompute orders_to_compute(const Features& f, const FormatChoice& format, ReorderChoice reorder) {
  const bool square = f.rows == f.cols;
  return {(reorder == ReorderChoice::always && square) || wants_rcm_ratio(f, reorder),
          (reorder == ReorderChoice::degree && square) || wants_degree_ratio(f, format, reorder)};
}

template <class V, class I>
Analysis<V, I> analyse_matrix(const CsrView<V, I>& a, const FormatChoice& format, ReorderChoice reorder,
                              int tune_candidates, std::int64_t tune_min_nnz, const Features* known) {
  Analysis<V, I> r;
  r.features = known ? *known : analysis_features(a, format, reorder);
  if (wants_diagonal_search(r.features, format)) {
    add_diagonal_search(a, r.features);
  } else {
    r.features.diagonal_reason = format.automatic ? "not searched: a rule before the diagonal formats decided"
                                                  : std::string("not searched: the format is fixed (") +
                                                        format_name(format.format) + ")";
  }
  const OrdersToCompute orders = orders_to_compute(r.features, format, reorder);
  std::optional<Permutation<I>> order;
  if (orders.rcm) {
    // RCM over the whole matrix, or confined to windows where that gathers no
    // more sectors: its permutations then stay local (reordering.hpp).
    order.emplace(rcm_order(a));
    r.features.rcm_gather_sector_ratio = gather_sector_ratio(a, *order);
    for (const std::int64_t window : kRcmWindows) {
      if (a.rows <= window) break;
      Permutation<I> local = windowed_order(*order, window);
      const double ratio = gather_sector_ratio(a, local);
      if (ratio > r.features.rcm_gather_sector_ratio) continue;
      r.features.rcm_gather_sector_ratio = ratio;
      r.features.rcm_window = window;
      order.emplace(std::move(local));
      break;
    }
  }
  std::optional<Permutation<I>> by_degree;
  if (orders.degree) {
    by_degree.emplace(degree_order(a));
    r.features.degree_gather_sector_ratio = gather_sector_ratio(a, *by_degree);
  }
  r.selection = select_format(r.features, format, reorder, tune_candidates, tune_min_nnz);
  if (r.selection.reorder) {
    if (r.selection.order == OrderKind::degree) order = std::move(by_degree);
    AIJA_REQUIRE(order.has_value() && order->kind == r.selection.order, internal,
                 std::string("the selector reordered a matrix whose ") + order_kind_name(r.selection.order) +
                     " order was not computed");
    PermutedCsr<V, I> b = permute_symmetric(a, *order);
    r.reordering = std::make_shared<Reordering<V, I>>(Reordering<V, I>{std::move(*order), std::move(b)});
  }
  return r;
}

#define AIJA_INSTANTIATE(V, I)                                                                            \
  template Features analysis_features<V, I>(const CsrView<V, I>&, const FormatChoice&, ReorderChoice);          \
  template Analysis<V, I> analyse_matrix<V, I>(const CsrView<V, I>&, const FormatChoice&, ReorderChoice, int, \
                                               std::int64_t, const Features*);                                  \
  template void add_diagonal_search<V, I>(const CsrView<V, I>&, Features&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
