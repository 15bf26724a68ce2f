// The adaptive matrix's products against a format's host reference kernel,
// shared by the formats' GPU tests.
#pragma once

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/format.hpp>

#include <utility>
#include <vector>

#include "device_vectors.hpp"
#include "random_csr.hpp"

namespace aijadaptive::test {

// y = alpha * op(A) * x + beta * y for both ops and three (alpha, beta),
// with host vectors and then device vectors, each within twice the error
// bound of what `reference` (built on m) gives.
template <class V, class I>
void expect_products_match(AdaptiveMatrix<V, I>& a, const HostFormat<V, I>& reference, const OwnedCsr<V, I>& m) {
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const std::size_t nx = t ? m.rows : m.cols, ny = t ? m.cols : m.rows;
    const auto x = random_vector<V>(nx, 15);
    const auto y0 = random_vector<V>(ny, 16);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      reference.apply(op, alpha, x.data(), beta, expect.data());
      const double bound = 2 * error_bound(m.view(), t, alpha, x, beta, y0);
      std::vector<V> y = y0;  // host vectors
      a.apply(op, alpha, {x.data()}, beta, {y.data()});
      expect_close(y, expect, bound);
      const DeviceBuffer<V> dx = to_device(x);  // device vectors
      DeviceBuffer<V> dy = to_device(y0);
      a.apply(op, alpha, {dx.data(), MemSpace::device}, beta, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      expect_close(to_host(dy), expect, bound);
    }
  }
}

}  // namespace aijadaptive::test
