// Seeded matrices of vector-valued unknowns, as FEM makes them: node k of a
// random sparse graph carries dofs(k) unknowns, each coupled to every unknown
// of the node's neighbours (so the rows of one node have identical columns).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "random_csr.hpp"

namespace aijadaptive::test {

template <class V, class I>
OwnedCsr<V, I> node_csr(const RandomShape& nodes, const std::function<int(std::int64_t)>& dofs) {
  const auto graph = random_csr<double, std::int64_t>(nodes);
  std::vector<std::int64_t> first{0};  // first unknown of each node
  for (std::int64_t k = 0; k < std::max(nodes.rows, nodes.cols); ++k) first.push_back(first.back() + dofs(k));
  OwnedCsr<V, I> m;
  m.rows = I(first[std::size_t(nodes.rows)]);
  m.cols = I(first[std::size_t(nodes.cols)]);
  std::mt19937_64 rng(nodes.seed + 101);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (std::int64_t k = 0; k < nodes.rows; ++k)
    for (int d = 0; d < dofs(k); ++d) {
      for (std::int64_t e = graph.row_ptr[std::size_t(k)]; e < graph.row_ptr[std::size_t(k) + 1]; ++e) {
        const std::int64_t q = graph.col_idx[std::size_t(e)];
        for (std::int64_t c = first[std::size_t(q)]; c < first[std::size_t(q) + 1]; ++c) {
          m.col_idx.push_back(I(c));
          m.values.push_back(V(value(rng)));
        }
      }
      m.row_ptr.push_back(I(m.col_idx.size()));
    }
  return m;
}

}  // namespace aijadaptive::test
