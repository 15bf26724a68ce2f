// Seeded CSR matrices for tests, a dense oracle, and an error bound.
#pragma once

#include <aijadaptive/csr_view.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "scalar_test.hpp"

namespace aijadaptive::test {

template <class V, class I>
struct OwnedCsr {
  I rows = 0, cols = 0;
  std::vector<I> row_ptr{0};
  std::vector<I> col_idx;
  std::vector<V> values;
  CsrView<V, I> view() const { return {rows, cols, row_ptr.data(), col_idx.data(), values.data()}; }
};

struct RandomShape {
  std::int64_t rows = 100, cols = 100;
  double density = 0.05;          // expected fraction of nonzeros per row
  double empty_row_fraction = 0;  // rows left empty on purpose
  std::int64_t dense_rows = 0;    // rows made completely dense
  std::uint64_t seed = 1;
};

template <class V, class I>
OwnedCsr<V, I> random_csr(const RandomShape& s) {
  OwnedCsr<V, I> m;
  m.rows = I(s.rows);
  m.cols = I(s.cols);
  std::mt19937_64 rng(s.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0), value(-1.0, 1.0);
  m.row_ptr.assign(1, 0);
  for (std::int64_t i = 0; i < s.rows; ++i) {
    const bool dense = i < s.dense_rows;
    const bool empty = !dense && unit(rng) < s.empty_row_fraction;
    std::set<I> cols;
    if (dense) {
      for (std::int64_t j = 0; j < s.cols; ++j) cols.insert(I(j));
    } else if (!empty && s.cols > 0) {
      for (std::int64_t j = 0; j < s.cols; ++j)
        if (unit(rng) < s.density) cols.insert(I(j));
    }
    for (I j : cols) {
      m.col_idx.push_back(j);
      const double re = value(rng);
      m.values.push_back(is_complex_v<V> ? from_parts<V>(re, value(rng)) : V(re));  // the real stream unchanged
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

template <class V>
std::vector<V> random_vector(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<V> v(n);
  for (auto& e : v) {
    const double re = value(rng);
    e = is_complex_v<V> ? from_parts<V>(re, value(rng)) : V(re);
  }
  return v;
}

// V in long double.
template <class V>
using Wide = std::conditional_t<is_complex_v<V>, std::complex<long double>, long double>;
template <class V>
Wide<V> widen(const V& v) {
  if constexpr (is_complex_v<V>)
    return Wide<V>(v.real(), v.imag());
  else
    return Wide<V>(v);
}
template <class V>
V narrow(const Wide<V>& w) {
  if constexpr (is_complex_v<V>)
    return V(real_type_t<V>(w.real()), real_type_t<V>(w.imag()));
  else
    return V(w);
}

// y = alpha * op(A) * x + beta * y through a dense copy of A, in long double;
// op(A) = A^T (transpose), or A^H with conjugate too.
template <class V, class I>
std::vector<V> dense_apply(const CsrView<V, I>& a, bool transpose, V alpha, const std::vector<V>& x,
                           V beta, const std::vector<V>& y, bool conjugate = false) {
  std::vector<Wide<V>> dense(std::size_t(a.rows) * std::size_t(a.cols), Wide<V>(0));
  for (I i = 0; i < a.rows; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      dense[std::size_t(i) * a.cols + a.col_idx[k]] += widen(a.values[k]);
  const std::size_t n_out = transpose ? a.cols : a.rows, n_in = transpose ? a.rows : a.cols;
  std::vector<V> out(n_out);
  for (std::size_t r = 0; r < n_out; ++r) {
    Wide<V> sum = 0;
    for (std::size_t c = 0; c < n_in; ++c) {
      Wide<V> aij = transpose ? dense[c * a.cols + r] : dense[r * a.cols + c];
      if (conjugate) aij = conj_value(aij);
      sum += aij * widen(x[c]);
    }
    out[r] = beta == V(0) ? narrow<V>(widen(alpha) * sum) : narrow<V>(widen(alpha) * sum + widen(beta) * widen(y[r]));
  }
  return out;
}
// A square graph whose `hubs` most used columns are spread over the numbering,
// as power-law graphs' ids often are (R-MAT's scrambled ones): each of n rows
// has `per_row` draws among the hubs and one column at random, repeats merged,
// columns increasing, values in [-1, 1).
template <class V, class I>
OwnedCsr<V, I> hub_graph(std::int64_t n, std::int64_t hubs, int per_row, std::uint64_t seed) {
  OwnedCsr<V, I> m;
  m.rows = m.cols = I(n);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int64_t> hub(0, hubs - 1), any(0, n - 1);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (std::int64_t i = 0; i < n; ++i) {
    std::set<I> cols{I(any(rng))};
    for (int k = 0; k < per_row; ++k) cols.insert(I(hub(rng) * 2654435761 % n));  // a hub's column: scattered
    for (I j : cols) {
      m.col_idx.push_back(j);
      const double re = value(rng);
      m.values.push_back(is_complex_v<V> ? from_parts<V>(re, value(rng)) : V(re));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

// Largest allowed |difference| per entry: the Kokkos Kernels style bound
// (|beta| max|y| + |alpha| L max|a| max|x|) times a few epsilons, with L the
// longest row (plain) or column (transpose).
template <class V, class I>
double error_bound(const CsrView<V, I>& a, bool transpose, V alpha, const std::vector<V>& x, V beta,
                   const std::vector<V>& y) {
  std::vector<std::int64_t> length(std::size_t(transpose ? a.cols : a.rows) + 1, 0);
  double max_a = 0, max_x = 0, max_y = 0;
  for (I i = 0; i < a.rows; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      ++length[std::size_t(transpose ? a.col_idx[k] : i)];
      max_a = std::max(max_a, double(std::abs(a.values[k])));
    }
  const double longest = double(std::max<std::int64_t>(1, *std::max_element(length.begin(), length.end())));
  for (V v : x) max_x = std::max(max_x, double(std::abs(v)));
  for (V v : y) max_y = std::max(max_y, double(std::abs(v)));
  // A complex product or sum rounds each part: twice the margin.
  const double eps = (is_complex_v<V> ? 2 : 1) * epsilon<V>();
  return 4 * eps * (double(std::abs(beta)) * max_y + double(std::abs(alpha)) * longest * max_a * max_x) + 1e-300;
}

}  // namespace aijadaptive::test
