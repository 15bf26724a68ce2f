// Cheap structural features of a CSR matrix, the selector's only input.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/diagonal_search.hpp"

namespace aijadaptive {

struct Features {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::int64_t nnz = 0;
  std::int64_t empty_rows = 0;
  std::int64_t min_row = 0;   // fewest nonzeros in a row
  std::int64_t max_row = 0;   // most nonzeros in a row
  double mean_row = 0.0;      // nnz / rows
  double row_cv = 0.0;        // standard deviation / mean of the row lengths
  // Distinct 32-byte sectors of x per nonzero that groups of 32 consecutive
  // rows gather (gather_sector_ratio, reordering.hpp, sampled): near 1 / (values
  // per sector) when rows touch neighbouring columns, near 1 when scattered.
  // Negative when not measured (the analysis of a matrix whose rules do not
  // read it: analysis_features, wants_sampled_features).
  double gather_sector_ratio = -1.0;
  // The same ratio of P A P^T with P from RCM (reordering.hpp); negative when
  // not computed: it costs an RCM order, so the analysis computes it only when
  // the selector asks (wants_rcm_ratio, selector.hpp).
  double rcm_gather_sector_ratio = -1.0;
  // The window of the RCM order that ratio is of: 0 for RCM over the whole
  // matrix, else RCM confined to windows of that many rows (windowed_order),
  // taken where its gathers touch no more sectors.
  std::int64_t rcm_window = 0;
  // The same ratio of P A P^T with P from the column counts (degree_order,
  // reordering.hpp); negative when not computed (wants_degree_ratio, selector.hpp).
  double degree_gather_sector_ratio = -1.0;
  // Share of rows whose columns are those of the row before (sampled): rows
  // of one mesh node, I-nodes (format inode). 2/3 for 3 unknowns per node.
  // Negative when not measured, as gather_sector_ratio.
  double repeated_rows = -1.0;
  // DIA-Adaptive's search engine (diagonal_search.hpp): which diagonal format
  // suits the matrix, if any, and why. Filled by the analysis of a matrix
  // that runs on a GPU, not by compute_features().
  DiagonalType diagonal_type = DiagonalType::none;
  std::string diagonal_reason;
  std::vector<std::int64_t> diagonal_offsets;  // sorted, when a type was found
  // The diagonals of each piece of kBrcsd2PieceRows rows, when a type was
  // found (DiagonalFeatures::piece_begin and piece_offsets).
  std::vector<std::int64_t> diagonal_piece_begin, diagonal_piece_offsets;
  // Every row's columns strictly increase: seen by the search's pass, and
  // meaningful only where diagonal_offsets is not empty.
  bool diagonal_rows_increase = false;
};

// What compute_features measures: every feature, only those auto's rules
// read for this matrix (wants_sampled_features, selector.hpp), or only the
// row lengths' (add_sampled_features adds the others). The x-gather ratio and
// the repeated rows are passes over the entries (1-9 ns and about 0.5 ns an
// entry); on a matrix of a few hundred thousand entries they cost more than
// cuSPARSE's whole set-up, for numbers no rule of that size reads.
enum class FeatureSet { all, for_selector, row_lengths };

template <class V, class I>
Features compute_features(const CsrView<V, I>& a, FeatureSet set = FeatureSet::all);

// The features sampled from the entries (repeated_rows, gather_sector_ratio)
// added to those of the row lengths.
template <class V, class I>
void add_sampled_features(const CsrView<V, I>& a, Features& f);

}  // namespace aijadaptive
