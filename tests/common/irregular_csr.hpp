// Seeded matrices of irregular row lengths, for the tests of formats that sort
// the rows by length (suraa): power-law lengths, circuit-like matrices (short
// rows, a few empty ones and a few very long ones) and long rows only; each
// made from its list of row lengths by csr_of_lengths().
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "random_csr.hpp"

namespace aijadaptive::test {

// Row i with min(lengths[i], cols) distinct random columns, ascending, and
// values in [-1, 1).
template <class V, class I>
OwnedCsr<V, I> csr_of_lengths(const std::vector<std::int64_t>& lengths, std::int64_t cols, std::uint64_t seed) {
  OwnedCsr<V, I> m;
  m.rows = I(lengths.size());
  m.cols = I(cols);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<char> taken(std::size_t(std::max<std::int64_t>(cols, 0)), 0);
  std::vector<std::int64_t> row;
  for (std::int64_t wanted : lengths) {
    const std::int64_t len = std::min(std::max<std::int64_t>(wanted, 0), cols);
    row.clear();
    if (4 * len >= cols) {  // selection sampling: each column with the chance still needed
      std::int64_t needed = len;
      for (std::int64_t j = 0; j < cols && needed > 0; ++j)
        if (std::uniform_int_distribution<std::int64_t>(0, cols - j - 1)(rng) < needed) {
          row.push_back(j);
          --needed;
        }
    } else {  // Floyd's sampling of len of cols
      for (std::int64_t j = cols - len; j < cols; ++j) {
        const std::int64_t t = std::uniform_int_distribution<std::int64_t>(0, j)(rng);
        const std::int64_t pick = taken[std::size_t(t)] ? j : t;
        taken[std::size_t(pick)] = 1;
        row.push_back(pick);
      }
      for (std::int64_t j : row) taken[std::size_t(j)] = 0;
      std::sort(row.begin(), row.end());
    }
    for (std::int64_t j : row) {
      m.col_idx.push_back(I(j));
      m.values.push_back(V(value(rng)));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

// Lengths min_len * u^(-1 / (exponent - 1)) (a Pareto tail: P(len > k) ~
// k^(1 - exponent)), at most cols.
template <class V, class I>
OwnedCsr<V, I> power_law_csr(std::int64_t rows, std::int64_t cols, double exponent, std::int64_t min_len,
                             std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& len : lengths) {
    const double u = std::max(unit(rng), 1e-12);
    const double l = double(min_len) * std::pow(u, -1.0 / (exponent - 1.0));
    len = std::int64_t(std::min(double(cols), std::floor(l)));
  }
  return csr_of_lengths<V, I>(lengths, cols, seed + 1);
}

// A circuit: rows of 1 to 6 entries, about 2% empty, and `long_rows` rows
// spread over the matrix with long_len to 2 long_len entries (at most cols).
template <class V, class I>
OwnedCsr<V, I> circuit_csr(std::int64_t rows, std::int64_t cols, std::int64_t long_rows, std::int64_t long_len,
                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<std::int64_t> short_len(1, 6), extra(0, std::max<std::int64_t>(long_len, 0));
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& len : lengths) len = unit(rng) < 0.02 ? 0 : short_len(rng);
  for (std::int64_t k = 0; k < long_rows && rows > 0; ++k) {
    const std::int64_t at = (k * rows) / long_rows + std::int64_t(unit(rng) * double(rows / long_rows));
    lengths[std::size_t(std::min(at, rows - 1))] = long_len + extra(rng);
  }
  return csr_of_lengths<V, I>(lengths, cols, seed + 1);
}

// Every row long: lengths uniform in [min_len, max_len] (at most cols).
template <class V, class I>
OwnedCsr<V, I> long_row_csr(std::int64_t rows, std::int64_t cols, std::int64_t min_len, std::int64_t max_len,
                            std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int64_t> len(min_len, max_len);
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& l : lengths) l = len(rng);
  return csr_of_lengths<V, I>(lengths, cols, seed + 1);
}

// Rows of 3 among rows of 40 and 200 and two of 20000: in segspmv, rows of
// one piece among short ones, and long rows in chunks that a warp loops over
// or whose sums the last warp to finish adds.
template <class V, class I>
OwnedCsr<V, I> mixed_length_csr(std::uint64_t seed) {
  std::vector<std::int64_t> lengths(3000, 3);
  for (std::size_t i = 0; i < lengths.size(); i += 7) lengths[i] = 40;
  for (std::size_t i = 3; i < lengths.size(); i += 11) lengths[i] = 200;
  lengths[100] = lengths[2500] = 20000;
  return csr_of_lengths<V, I>(lengths, 25000, seed);
}

// The edge cases of the formats' GPU tests: 0 x 0, 1 x 1, 300 rows of
// `uniform_length` entries (a format's own unit, when it has one: left out at
// 0), all rows empty but one, all empty, a dense row among sparse ones, a
// single row of 100000, wide, tall, no columns.
template <class V, class I>
std::vector<OwnedCsr<V, I>> edge_csr_list(std::int64_t uniform_length) {
  std::vector<OwnedCsr<V, I>> list;
  list.push_back(random_csr<V, I>({0, 0, 0, 0, 0, 3}));
  list.push_back(random_csr<V, I>({1, 1, 1, 0, 0, 4}));
  if (uniform_length > 0) list.push_back(csr_of_lengths<V, I>(std::vector<std::int64_t>(300, uniform_length), 50, 5));
  std::vector<std::int64_t> lengths(100, 0);
  lengths[37] = 40;
  list.push_back(csr_of_lengths<V, I>(lengths, 64, 6));
  list.push_back(random_csr<V, I>({50, 40, 0, 0, 0, 7}));
  list.push_back(random_csr<V, I>({64, 5000, 0.01, 0.2, 1, 8}));
  list.push_back(random_csr<V, I>({1, 100000, 1, 0, 0, 9}));
  list.push_back(power_law_csr<V, I>(50, 20000, 1.5, 2, 10));
  list.push_back(random_csr<V, I>({2000, 2, 0.5, 0, 0, 11}));
  list.push_back(random_csr<V, I>({9, 0, 0, 0, 0, 12}));
  return list;
}

}  // namespace aijadaptive::test
