// Products on small integers: values, x and y in -7..7, so that every order
// of the additions gives the exact sum and a format's host kernel must give
// CSR's bits, whatever order it adds in.
#pragma once

#include <aijadaptive/format.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "random_csr.hpp"

namespace aijadaptive::test {

template <class V, class I>
struct SmallIntegerProduct {
  OwnedCsr<V, I> m;
  std::vector<V> x, y;
};

// m with its values, and seeded x and y, cut to integers in -7..7.
template <class V, class I>
SmallIntegerProduct<V, I> small_integer_product(OwnedCsr<V, I> m, std::uint64_t seed) {
  const auto to_integers = [](std::vector<V>& v) {
    for (auto& e : v) e = map_parts(e, [](double d) { return std::trunc(d * 8); });
  };
  SmallIntegerProduct<V, I> p;
  p.x = random_vector<V>(std::size_t(m.cols), seed);
  p.y = random_vector<V>(std::size_t(m.rows), seed + 1);
  p.m = std::move(m);
  to_integers(p.m.values);
  to_integers(p.x);
  to_integers(p.y);
  return p;
}

// `f`, built on p.m, gives csr_reference_apply's bits for (alpha, beta) =
// (1, 0), (1, 1) and (-2, 3).
template <class V, class I>
void expect_csr_bits(const HostFormat<V, I>& f, const SmallIntegerProduct<V, I>& p) {
  for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {-2, 3}}) {
    std::vector<V> expect = p.y, got = p.y;
    csr_reference_apply(p.m.view(), Op::plain, alpha, p.x.data(), beta, expect.data());
    f.apply(Op::plain, alpha, p.x.data(), beta, got.data());
    ASSERT_EQ(got, expect) << "alpha " << alpha << " beta " << beta;
  }
}

}  // namespace aijadaptive::test
