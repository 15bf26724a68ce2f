// Random-pattern generators: the R-MAT graph, circuit-like, long rows.
#include <algorithm>
#include <cmath>

#include <aijadaptive/instantiate.hpp>

#include "gen_detail.hpp"

namespace aijadaptive::bench::detail {

namespace {

// A bijection of [0, 2^bits) (multiply by odd, xor-shift, twice) so the
// heavy vertices of R-MAT are spread out instead of sitting at low ids.
struct Scramble {
  int bits;
  std::uint64_t mask, m1, m2;
  Scramble(int b, std::uint64_t seed)
      : bits(b), mask(b >= 64 ? ~0ull : (1ull << b) - 1), m1(mix64(seed) | 1), m2(mix64(seed + 1) | 1) {}
  std::uint64_t operator()(std::uint64_t v) const {
    const int shift = (bits + 1) / 2;
    v = (v * m1) & mask;
    v ^= v >> shift;
    v = (v * m2) & mask;
    return v ^ (v >> shift);
  }
};

// A Poisson(mean) draw from our own generator, so that a matrix does not
// depend on the standard library's distributions: Knuth's product method for
// small means, Hoermann's PTRS transformed rejection (as in NumPy) otherwise.
std::int64_t poisson(double mean, SplitMix& rng) {
  if (mean <= 0) return 0;
  if (mean < 30) {
    const double limit = std::exp(-mean);
    std::int64_t k = 0;
    for (double p = rng.uniform(); p > limit; p *= rng.uniform()) ++k;
    return k;
  }
  const double slam = std::sqrt(mean), loglam = std::log(mean);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double inv_alpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const double u = rng.uniform() - 0.5, v = rng.uniform(), us = 0.5 - std::fabs(u);
    const auto k = std::int64_t(std::floor((2 * a / us + b) * u + mean + 0.43));
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(inv_alpha) - std::log(a / (us * us) + b) <=
        -mean + double(k) * loglam - std::lgamma(double(k) + 1))
      return k;
  }
}

}  // namespace

// R-MAT draws each edge's row and column bit by bit: quadrant a, b, c or d
// at every level. Rows and columns are independent given the row's bits, so
// the graph is made row by row, in order, without an edge list: row r gets
// Poisson(edges * P(r)) edges (P(r) the product of a+b or c+d over its bits;
// Poissonisation of the ef * 2^scale independent edges), and each edge's
// column bit at a level is 1 with probability b/(a+b) or d/(c+d) after a
// row bit of 0 or 1. Scrambled ids spread the heavy rows and columns.
template <class V, class I>
HostCsr<V, I> make_rmat(const GeneratorSpec& spec) {
  const int scale = int(spec.integer("scale"));
  const std::int64_t rows = std::int64_t(1) << scale;
  const double edges = double(spec.integer("ef")) * double(rows);
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const double a = spec.real("a"), b = spec.real("b"), c = spec.real("c"), d = 1.0 - a - b - c;
  // The degrees add up to a Poisson(edges) count: reserve 8 standard deviations more.
  const double bound = edges + 8 * std::sqrt(edges) + 64;
  if (!fits_index<I>(rows, rows, std::int64_t(bound)))
    bad_keys(spec, std::to_string(rows) + " rows and about " + std::to_string(std::int64_t(edges)) +
                       " edges do not fit 32-bit indices: run with --index 64");
  const Scramble scramble(scale, seed);
  std::vector<std::int64_t> path_of(static_cast<std::size_t>(rows));  // scrambled id -> row bits
  for (std::int64_t r = 0; r < rows; ++r) path_of[std::size_t(scramble(std::uint64_t(r)))] = r;
  // Column-bit thresholds on 16 random bits, after a row bit of 0 or 1.
  const auto threshold = [](double p, double q) { return p + q > 0 ? std::uint32_t(65536.0 * q / (p + q)) : 0u; };
  const std::uint32_t col_one[2] = {threshold(a, b), threshold(c, d)};

  CsrWriter<V, I> w(spec, rows, rows, std::int64_t(bound));
  std::vector<std::int64_t> cols;
  for (std::int64_t s = 0; s < rows; ++s) {
    const std::int64_t r = path_of[std::size_t(s)];
    double p = 1;
    for (int level = scale - 1; level >= 0; --level) p *= (r >> level) & 1 ? c + d : a + b;
    SplitMix rng(hash3(seed, std::uint64_t(r), 0x7A7));
    const std::int64_t degree = poisson(edges * p, rng);
    if (!fits_index<I>(rows, rows, std::int64_t(w.size()) + degree))
      bad_keys(spec, "the edges do not fit 32-bit indices: run with --index 64");
    cols.clear();
    for (std::int64_t e = 0; e < degree; ++e) {
      std::uint64_t col = 0, bits = 0;
      for (int level = scale - 1; level >= 0; --level) {
        if ((scale - 1 - level) % 4 == 0) bits = rng.next();
        const std::uint32_t x = std::uint32_t(bits & 0xFFFF);
        bits >>= 16;
        col = (col << 1) | std::uint64_t(x < col_one[(r >> level) & 1]);  // branch-free
      }
      cols.push_back(std::int64_t(scramble(col)));
    }
    sort_unique(cols);  // repeated edges count once
    w.add_row(seed, s, cols);
  }
  return w.finish();
}

template <class V, class I>
HostCsr<V, I> make_circuit(const GeneratorSpec& spec) {
  const std::int64_t n = spec.integer("n"), count = spec.integer("long"), len = spec.integer("len");
  const std::int64_t window = spec.integer("window");
  const double far = spec.real("far");
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const std::vector<std::int64_t> long_rows = spread_rows(count, n, seed);
  CsrWriter<V, I> w(spec, n, n, 5 * n + std::int64_t(long_rows.size()) * (len + 1));
  std::vector<std::int64_t> cols;
  std::size_t next_long = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    SplitMix rng(hash3(seed, std::uint64_t(i), 0xC1C));
    cols.assign(1, i);
    if (next_long < long_rows.size() && long_rows[next_long] == i) {
      ++next_long;  // a supply or clock net: touches the whole circuit
      stratified_columns(len, n, rng, cols);
    } else {
      const int couplings = 1 + int(rng.below(4));
      for (int k = 0; k < couplings; ++k) {
        std::int64_t c = rng.uniform() < far ? std::int64_t(rng.below(std::uint64_t(n)))
                                             : i + std::int64_t(rng.below(std::uint64_t(2 * window + 1))) - window;
        cols.push_back(std::clamp<std::int64_t>(c, 0, n - 1));
      }
    }
    sort_unique(cols);
    w.add_row(seed, i, cols);
  }
  return w.finish();
}

template <class V, class I>
HostCsr<V, I> make_longrows(const GeneratorSpec& spec) {
  const std::int64_t n = spec.integer("n"), count = spec.integer("count"), len = spec.integer("len");
  const std::int64_t short_len = spec.integer("short");
  constexpr std::int64_t kReach = 256;  // short rows stay within +-kReach of the diagonal
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const std::vector<std::int64_t> long_rows = spread_rows(count, n, seed);
  CsrWriter<V, I> w(spec, n, n, short_len * n + std::int64_t(long_rows.size()) * len);
  std::vector<std::int64_t> cols;
  std::size_t next_long = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    SplitMix rng(hash3(seed, std::uint64_t(i), 0x10C6));
    cols.clear();
    if (next_long < long_rows.size() && long_rows[next_long] == i) {
      ++next_long;
      stratified_columns(len, n, rng, cols);  // exactly len entries
    } else {
      cols.push_back(i);
      for (std::int64_t k = 1; k < short_len; ++k)
        cols.push_back(std::clamp<std::int64_t>(
            i + std::int64_t(rng.below(2 * kReach + 1)) - kReach, 0, n - 1));
      sort_unique(cols);
    }
    w.add_row(seed, i, cols);
  }
  return w.finish();
}

#define AIJA_INSTANTIATE(V, I)                                          \
  template HostCsr<V, I> make_rmat<V, I>(const GeneratorSpec&);       \
  template HostCsr<V, I> make_circuit<V, I>(const GeneratorSpec&);    \
  template HostCsr<V, I> make_longrows<V, I>(const GeneratorSpec&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench::detail
