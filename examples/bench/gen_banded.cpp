// Banded generators for the three DIA-Adaptive types (SEEDS.md section 2,
// with delta = ceil(n / 100)):
//   dia1  type I   (DIA):       every offset within +-delta, diagonals full
//   dia2  type II  (BRCSD-I):   far offsets, diagonals full over their span
//   dia3  type III (BRCSD-II):  far diagonals with long zero sections, and
//                               scatter points (a diagonal with one nonzero)
#include <algorithm>
#include <set>

#include <aijadaptive/instantiate.hpp>

#include "gen_detail.hpp"

namespace aijadaptive::bench::detail {

namespace {

// `count` distinct offsets with lo <= |d| <= hi and a random sign, not in `taken`.
void add_offsets(std::int64_t count, std::int64_t lo, std::int64_t hi, SplitMix& rng,
                 std::set<std::int64_t>& taken) {
  for (std::int64_t added = 0; added < count;) {
    const std::int64_t d = lo + std::int64_t(rng.below(std::uint64_t(hi - lo + 1)));
    const std::int64_t offset = rng.next() & 1 ? d : -d;
    added += taken.insert(offset).second ? 1 : 0;
  }
}

struct ScatterPoint {
  std::int64_t row, col;
  bool operator<(const ScatterPoint& o) const { return row != o.row ? row < o.row : col < o.col; }
};

}  // namespace

template <class V, class I>
HostCsr<V, I> make_banded(const GeneratorSpec& spec) {
  const std::int64_t n = spec.integer("n"), k = spec.integer("k");
  const std::int64_t delta = (n + 99) / 100;
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  SplitMix rng(hash3(seed, 0xD1A, 0));
  std::set<std::int64_t> offsets;
  offsets.insert(0);
  if (spec.name == "dia1") {
    const std::int64_t reach = std::min(spec.integer("width"), delta);
    if (k - 1 > 2 * reach) bad_keys(spec, "k - 1 must be <= 2 * min(width, ceil(n/100))");
    add_offsets(k - 1, 1, reach, rng, offsets);
  } else {
    offsets.insert(-1);
    offsets.insert(1);
    if (k - 3 > n / 2 - delta) bad_keys(spec, "too many far diagonals for n");
    add_offsets(k - 3, delta + 1, n / 2, rng, offsets);
  }
  const bool type3 = spec.name == "dia3";
  // dia3: the far diagonals exist only on runs of `seg` rows picked at random.
  const std::int64_t seg = type3 ? spec.integer("seg") : n;
  const auto present = [&](std::int64_t offset, std::int64_t row) {
    if (!type3 || std::abs(offset) <= 1) return true;
    return (hash3(seed, std::uint64_t(offset), std::uint64_t(row / seg)) & 1) != 0;
  };
  std::vector<ScatterPoint> scatter;
  if (type3) {
    std::set<std::int64_t> taken = offsets;
    const std::int64_t points = std::min(spec.integer("scatter"), 2 * (n - 1) - std::int64_t(offsets.size()) + 1);
    add_offsets(points, 1, n - 1, rng, taken);
    for (std::int64_t d : taken) {
      if (offsets.count(d)) continue;
      const std::int64_t first = std::max<std::int64_t>(0, -d), last = std::min(n, n - d);  // rows where i + d is a column
      const std::int64_t row = first + std::int64_t(rng.below(std::uint64_t(last - first)));
      scatter.push_back({row, row + d});
    }
    std::sort(scatter.begin(), scatter.end());
  }
  CsrWriter<V, I> w(spec, n, n, n * std::int64_t(offsets.size()) + std::int64_t(scatter.size()));
  std::vector<std::int64_t> cols;
  std::size_t next_point = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    cols.clear();
    for (std::int64_t d : offsets)  // ascending: sorted columns
      if (i + d >= 0 && i + d < n && present(d, i)) cols.push_back(i + d);
    bool merged = false;
    for (; next_point < scatter.size() && scatter[next_point].row == i; ++next_point) {
      cols.push_back(scatter[next_point].col);
      merged = true;
    }
    if (merged) std::sort(cols.begin(), cols.end());
    w.add_row(seed, i, cols);
  }
  return w.finish();
}

#define AIJA_INSTANTIATE(V, I) template HostCsr<V, I> make_banded<V, I>(const GeneratorSpec&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench::detail
