#include "aijadaptive/features.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/reordering.hpp"
#include "aijadaptive/selector.hpp"
#include "core/row_length.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive {

namespace {

// At most this many rows are compared with the row before: a pass over a
// few million entries at most.
constexpr std::int64_t kRepeatSamples = 1 << 17;

// Share of rows (evenly sampled) with the columns of the row before: the
// samples cut among threads as the x-gather estimate's (a comparison of two
// rows costs about what that estimate spends on a row's entries; one thread
// took 0.8-2.9 ms on matrices of 2-10M entries).
template <class V, class I>
double repeated_row_share(const CsrView<V, I>& a) {
  const std::int64_t rows = a.rows;
  if (rows < 2) return 0.0;
  const std::int64_t stride = std::max<std::int64_t>(1, (rows - 1) / kRepeatSamples);
  const std::int64_t samples = (rows - 1 + stride - 1) / stride;  // rows 1, 1 + stride, ...
  const auto entries = std::int64_t(double(a.nnz()) * double(samples) / double(rows));
  const std::vector<detail::RowPart> parts = detail::row_parts(samples, entries, 1, 0, kGatherEntriesPerThread);
  std::vector<std::int64_t> repeated(parts.size(), 0);
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    std::int64_t n = 0;
    for (std::int64_t s = parts[p].begin; s < parts[p].end; ++s) n += repeats_previous_row(a, 1 + s * stride);
    repeated[p] = n;
  });
  std::int64_t all = 0;
  for (const std::int64_t n : repeated) all += n;
  return double(all) / double(samples);
}

// Rows a thread of the row lengths' pass takes at least: a stream of row_ptr
// at 1-2.5 ns a row, against a few microseconds to wake a kept thread
// (run_row_parts); circuit n=4M took 5-8 ms on one of the H200 machine's host
// cores.
constexpr std::int64_t kRowsPerLengthPart = std::int64_t(1) << 16;

// One part's row lengths: the squares' sum exactly (128 bits), so that the
// features do not depend on how many parts the machine's threads make.
__extension__ typedef unsigned __int128 SquareSum;
struct RowLengthSums {
  std::int64_t empty = 0, shortest = std::numeric_limits<std::int64_t>::max(), longest = 0;
  SquareSum squares = 0;
};

// Rows [begin, end)'s lengths (detail::row_length), their squares summed in
// `Square`: 64 bits hold the sum exactly for a matrix of fewer than 2^32
// entries (the sum of the squares is at most the square of the sum), and the
// features of 4elt, memplus, Pd and Andrews took 0.6-0.9x as long with them
// as with a 128-bit sum on a 2-core host (docs/h200-2026-11-30-setup-calls).
template <class Square, class I>
RowLengthSums row_length_sums(const I* row_ptr, std::int64_t begin, std::int64_t end) {
  using Length = detail::RowLength<I>;
  std::int64_t empty = 0;
  Length shortest = std::numeric_limits<Length>::max(), longest = 0;
  Square squares = 0;
  for (std::int64_t i = begin; i < end; ++i) {
    const Length len = detail::row_length(row_ptr, i);
    empty += len == 0;
    shortest = std::min(shortest, len);
    longest = std::max(longest, len);
    using Unsigned = std::make_unsigned_t<Length>;
    squares += Square(Unsigned(len)) * Unsigned(len);
  }
  return {empty, shortest, longest, SquareSum(squares)};
}

}  // namespace

template <class V, class I>
Features compute_features(const CsrView<V, I>& a, FeatureSet set) {
  Features f;
  f.rows = a.rows;
  f.cols = a.cols;
  f.nnz = a.nnz();
  if (a.rows == 0) return f;
  const std::vector<detail::RowPart> parts = detail::row_parts(a.rows, a.rows, 1, 0, kRowsPerLengthPart);
  std::vector<RowLengthSums> sums(parts.size());
  const bool narrow = std::uint64_t(f.nnz) < (std::uint64_t(1) << 32);
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    sums[p] = narrow ? row_length_sums<std::uint64_t>(a.row_ptr, parts[p].begin, parts[p].end)
                     : row_length_sums<SquareSum>(a.row_ptr, parts[p].begin, parts[p].end);
  });
  RowLengthSums all;
  for (const RowLengthSums& s : sums) {
    all.empty += s.empty;
    all.shortest = std::min(all.shortest, s.shortest);
    all.longest = std::max(all.longest, s.longest);
    all.squares += s.squares;
  }
  f.empty_rows = all.empty;
  f.min_row = all.shortest;
  f.max_row = all.longest;
  f.mean_row = double(f.nnz) / double(f.rows);
  const double variance = std::max(0.0, double(all.squares) / double(f.rows) - f.mean_row * f.mean_row);
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
