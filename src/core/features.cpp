#include "aijadaptive/features.hpp"

#include <algorithm>
#include <cmath>

#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/reordering.hpp"
#include "aijadaptive/selector.hpp"

namespace aijadaptive {

namespace {

// At most this many rows are compared with the row before: a pass over a
// few million entries at most.
constexpr std::int64_t kRepeatSamples = 1 << 17;

// Share of rows (evenly sampled) with the columns of the row before.
template <class V, class I>
double repeated_row_share(const CsrView<V, I>& a) {
  if (a.rows < 2) return 0.0;
  const std::int64_t stride = std::max<std::int64_t>(1, (std::int64_t(a.rows) - 1) / kRepeatSamples);
  std::int64_t sampled = 0, repeated = 0;
  for (std::int64_t i = 1; i < std::int64_t(a.rows); i += stride) {
    ++sampled;
    repeated += repeats_previous_row(a, i);
  }
  return double(repeated) / double(sampled);
}

}  // namespace

template <class V, class I>
Features compute_features(const CsrView<V, I>& a, FeatureSet set) {
  Features f;
  f.rows = a.rows;
  f.cols = a.cols;
  f.nnz = a.nnz();
  if (a.rows == 0) return f;
  f.min_row = f.nnz;
  double sum_sq = 0.0;
  for (I i = 0; i < a.rows; ++i) {
    const std::int64_t len = a.row_ptr[i + 1] - a.row_ptr[i];
    f.empty_rows += len == 0;
    f.min_row = std::min(f.min_row, len);
    f.max_row = std::max(f.max_row, len);
    sum_sq += double(len) * double(len);
  }
  f.mean_row = double(f.nnz) / double(f.rows);
  const double variance = std::max(0.0, sum_sq / double(f.rows) - f.mean_row * f.mean_row);
  f.row_cv = f.mean_row > 0 ? std::sqrt(variance) / f.mean_row : 0.0;
  if (set == FeatureSet::all || (set == FeatureSet::for_selector && wants_sampled_features(f))) add_sampled_features(a, f);
  return f;
}

template <class V, class I>
void add_sampled_features(const CsrView<V, I>& a, Features& f) {
  f.repeated_rows = repeated_row_share(a);
  f.gather_sector_ratio = gather_sector_ratio(a);
}

#define AIJA_INSTANTIATE(V, I)                                                            \
  template Features compute_features<V, I>(const CsrView<V, I>&, FeatureSet);              \
  template void add_sampled_features<V, I>(const CsrView<V, I>&, Features&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
