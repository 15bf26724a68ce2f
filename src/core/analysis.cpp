#include "aijadaptive/analysis.hpp"

#include <optional>
#include <string>

#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
void add_diagonal_search(const CsrView<V, I>& a, Features& f) {
  DiagonalSearch diagonal = diagonal_search(a);
  f.diagonal_type = diagonal.type;
  f.diagonal_reason = std::move(diagonal.reason);
  if (diagonal.type != DiagonalType::none) {
    f.diagonal_offsets = std::move(diagonal.features.offsets);
    f.diagonal_rows_increase = diagonal.features.rows_increase;
  }
}

template <class V, class I>
Analysis<V, I> analyse_matrix(const CsrView<V, I>& a, const FormatChoice& format, ReorderChoice reorder,
                              int tune_candidates) {
  Analysis<V, I> r;
  r.features = compute_features(a);
  if (wants_diagonal_search(r.features, format)) {
    add_diagonal_search(a, r.features);
  } else {
    r.features.diagonal_reason = format.automatic ? "not searched: a rule before the diagonal formats decided"
                                                  : std::string("not searched: the format is fixed (") +
                                                        format_name(format.format) + ")";
  }
  std::optional<Reordering<V, I>> rcm;
  const bool requested = reorder == ReorderChoice::always && a.rows == a.cols;
  if (requested || wants_rcm_ratio(r.features, reorder)) {
    rcm.emplace();
    rcm->permutation = rcm_order(a);
    rcm->matrix = permute_symmetric(a, rcm->permutation);
    r.features.rcm_gather_sector_ratio = gather_sector_ratio(rcm->matrix.view());
  }
  r.selection = select_format(r.features, format, reorder, tune_candidates);
  if (r.selection.reorder) r.reordering = std::make_shared<Reordering<V, I>>(std::move(*rcm));
  return r;
}

#define AIJA_INSTANTIATE(V, I)                                                                            \
  template Analysis<V, I> analyse_matrix<V, I>(const CsrView<V, I>&, const FormatChoice&, ReorderChoice, int); \
  template void add_diagonal_search<V, I>(const CsrView<V, I>&, Features&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
