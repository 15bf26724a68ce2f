// What the adaptive matrix decides before building any format, as a function
// of the matrix and the user's choices alone: the features, the reordering
// (an order's effect, RCM's or the column counts', computed only when asked
// for or when the selector's cheap rules read it, and the permuted matrix kept
// when chosen) and the selector's candidates.
#pragma once

#include <memory>

#include "aijadaptive/features.hpp"
#include "aijadaptive/reordered_format.hpp"
#include "aijadaptive/selector.hpp"

namespace aijadaptive {

template <class V, class I>
struct Analysis {
  Features features;
  Selection selection;
  std::shared_ptr<Reordering<V, I>> reordering;  // set when selection.reorder
};

// The features analyse_matrix measures for this choice: those of the row
// lengths, and the sampled ones where a rule may read them
// (wants_sampled_features).
template <class V, class I>
Features analysis_features(const CsrView<V, I>& a, const FormatChoice& format, ReorderChoice reorder);

// The orders analyse_matrix computes for a matrix of these features: RCM's and
// the column counts', each where the user asks for it (on a square matrix) or
// a rule reads its ratio (wants_rcm_ratio, wants_degree_ratio).
struct OrdersToCompute {
  bool rcm = false;
  bool degree = false;
};
OrdersToCompute orders_to_compute(const Features& features, const FormatChoice& format, ReorderChoice reorder);

// `known`: the matrix's compute_features(), when the caller has them already.
template <class V, class I>
Analysis<V, I> analyse_matrix(const CsrView<V, I>& a, const FormatChoice& format, ReorderChoice reorder,
                              int tune_candidates = kTuneCandidates, std::int64_t tune_min_nnz = 0,
                              const Features* known = nullptr);

// DIA-Adaptive's search engine on `a`, its verdict put into `f` (diagonal_type,
// diagonal_reason and, for a diagonal matrix, diagonal_offsets).
template <class V, class I>
void add_diagonal_search(const CsrView<V, I>& a, Features& f);

}  // namespace aijadaptive
