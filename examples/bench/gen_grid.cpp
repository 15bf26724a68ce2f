// Grid-based generators: stencils, the FEM-like mesh, the QCD-like lattice.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include <aijadaptive/instantiate.hpp>

#include "gen_detail.hpp"

namespace aijadaptive::bench::detail {

namespace {

std::int64_t power(std::int64_t base, int exponent) {
  std::int64_t p = 1;
  while (exponent-- > 0) p *= base;
  return p;
}

// A symmetric, negative off-diagonal coefficient: random but equal for (i, j)
// and (j, i), as a discretised diffusion operator with varying conductivity.
double coupling(std::uint64_t seed, std::int64_t i, std::int64_t j) {
  return -std::fabs(matrix_value(seed, std::uint64_t(std::min(i, j)), std::uint64_t(std::max(i, j))));
}

// A row of negative symmetric couplings (coupling()) and a strictly dominant
// diagonal, 1 + their negated sum, its entries added in column order. Sums of
// eighths are exact: the order leaves the diagonal's bits alone.
template <class V, class I>
class DominantRow {
 public:
  DominantRow(CsrWriter<V, I>& w, std::uint64_t seed, std::int64_t row) : w_(w), seed_(seed), row_(row) {}
  void add(std::int64_t col) {
    if (col == row_) {
      diagonal_ = w_.size();
      w_.add(col, 0.0);  // written at end()
      return;
    }
    const double a = coupling(seed_, row_, col);
    sum_ -= a;
    w_.add(col, a);
  }
  void end() {
    w_.set_value(diagonal_, sum_ + 1.0);
    w_.end_row();
  }

 private:
  CsrWriter<V, I>& w_;
  std::uint64_t seed_;
  std::int64_t row_;
  std::size_t diagonal_ = 0;
  double sum_ = 0;
};

// Row `row` of a vector FEM matrix: every unknown of each node of `nodes`
// (sorted, the row's own node included), unknowns interlaced by node. The
// interlacing keeps the columns sorted and repeats one column list `dof`
// times, as in elasticity (dof = 1 is the scalar mesh's matrix, bit for bit).
template <class V, class I>
void add_fem_row(CsrWriter<V, I>& w, std::uint64_t seed, std::int64_t dof, std::int64_t row,
                 const std::vector<std::int64_t>& nodes) {
  DominantRow<V, I> r(w, seed, row);
  for (std::int64_t node : nodes)
    for (std::int64_t e = 0; e < dof; ++e) r.add(dof * node + e);
  r.end();
}

}  // namespace

template <class V, class I>
HostCsr<V, I> make_stencil(const GeneratorSpec& spec) {
  const int dims = spec.name == "stencil5" || spec.name == "stencil9" ? 2 : 3;
  const bool box = spec.name == "stencil9" || spec.name == "stencil27";  // else the star (5, 7 points)
  const std::int64_t n = spec.integer("n");
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const std::int64_t rows = power(n, dims);
  // Exact counts: a box keeps 3n-2 neighbour pairs per axis; a star has the
  // diagonal plus 2 (n-1) n^(dims-1) couplings per axis.
  const std::int64_t nnz = box ? power(3 * n - 2, dims) : rows + 2 * dims * (n - 1) * power(n, dims - 1);
  CsrWriter<V, I> w(spec, rows, rows, nnz);
  const std::int64_t nz = dims == 3 ? n : 1, dz_max = dims == 3 ? 1 : 0;
  for (std::int64_t z = 0; z < nz; ++z)
    for (std::int64_t y = 0; y < n; ++y)
      for (std::int64_t x = 0; x < n; ++x) {
        DominantRow<V, I> row(w, seed, (z * n + y) * n + x);
        // dz, dy, dx ascending: the columns come out sorted.
        for (std::int64_t dz = -dz_max; dz <= dz_max; ++dz)
          for (std::int64_t dy = -1; dy <= 1; ++dy)
            for (std::int64_t dx = -1; dx <= 1; ++dx) {
              if (!box && std::abs(dx) + std::abs(dy) + std::abs(dz) > 1) continue;
              if (z + dz < 0 || z + dz >= nz || y + dy < 0 || y + dy >= n || x + dx < 0 || x + dx >= n)
                continue;
              row.add(((z + dz) * n + (y + dy)) * n + (x + dx));
            }
        row.end();
      }
  return w.finish();
}

template <class V, class I>
HostCsr<V, I> make_fem(const GeneratorSpec& spec) {
  const std::int64_t n = spec.integer("n"), block = spec.integer("block"), dof = spec.integer("dof");
  const double p = spec.real("p");
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const std::int64_t nodes = n * n * n;
  // Edges of node `o` (old numbering): the 14 of the Freudenthal (Kuhn)
  // tetrahedral mesh of the cube lattice, offsets whose nonzero components
  // share one sign, plus each of the 12 mixed-sign neighbours with
  // probability p, decided per unordered pair so the pattern is symmetric.
  const auto for_each_neighbour = [&](std::int64_t o, auto&& visit) {
    const std::int64_t x = o % n, y = (o / n) % n, z = o / (n * n);
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0 && dz == 0) continue;
          if (x + dx < 0 || x + dx >= n || y + dy < 0 || y + dy >= n || z + dz < 0 || z + dz >= n) continue;
          const std::int64_t q = o + (dz * n + dy) * n + dx;
          const bool mixed = std::min({dx, dy, dz}) < 0 && std::max({dx, dy, dz}) > 0;
          if (mixed) {
            const std::uint64_t h = hash3(seed, std::uint64_t(std::min(o, q)), std::uint64_t(std::max(o, q)));
            if (double(h >> 11) * 0x1.0p-53 >= p) continue;
          }
          visit(q);
        }
  };
  // First pass: the exact count, so the arrays are allocated once; and the
  // writer's index-size check comes before the renumbering's 16 B per node.
  std::int64_t links = nodes;  // node pairs (q, o) with q a neighbour of o, or o itself
  for (std::int64_t o = 0; o < nodes; ++o) for_each_neighbour(o, [&](std::int64_t) { ++links; });
  CsrWriter<V, I> w(spec, dof * nodes, dof * nodes, dof * dof * links);
  // Renumbering: a random order inside each block of nodes, as a mesh
  // partitioned into pieces and numbered piece by piece.
  std::vector<std::int64_t> to_new(static_cast<std::size_t>(nodes)), to_old(static_cast<std::size_t>(nodes));
  for (std::int64_t i = 0; i < nodes; ++i) to_new[std::size_t(i)] = i;
  for (std::int64_t b = 0; b < nodes; b += block) {
    SplitMix rng(hash3(seed, std::uint64_t(b), 0xFE3));
    const std::int64_t e = std::min(nodes, b + block);
    for (std::int64_t i = e - 1; i > b; --i)
      std::swap(to_new[std::size_t(i)], to_new[std::size_t(b + std::int64_t(rng.below(std::uint64_t(i - b + 1))))]);
  }
  for (std::int64_t i = 0; i < nodes; ++i) to_old[std::size_t(to_new[std::size_t(i)])] = i;
  std::vector<std::int64_t> adjacent;  // of node r, itself included, new numbering
  for (std::int64_t r = 0; r < nodes; ++r) {
    adjacent.assign(1, r);
    for_each_neighbour(to_old[std::size_t(r)], [&](std::int64_t q) { adjacent.push_back(to_new[std::size_t(q)]); });
    std::sort(adjacent.begin(), adjacent.end());
    for (std::int64_t d = 0; d < dof; ++d) add_fem_row(w, seed, dof, dof * r + d, adjacent);
  }
  return w.finish();
}

template <class V, class I>
HostCsr<V, I> make_qcd(const GeneratorSpec& spec) {
  // Row = 12 * site + 3 * spin + colour on a periodic L^4 lattice. A row
  // couples the 3 colours of its own spin at its site, and for each of the 8
  // neighbours (+-mu) the 3 colours of 2 spins: its own and the partner that
  // the Wilson projector (1 -+ gamma_mu) mixes in (rank 2 in a chiral basis).
  // 3 + 8 * 6 = 51 nonzeros in every row once L >= 3 (the neighbours are distinct).
  constexpr int kPerRow = 51;
  const std::int64_t L = spec.integer("L");
  const std::uint64_t seed = std::uint64_t(spec.integer("seed"));
  const std::int64_t sites = L * L * L * L, rows = 12 * sites;
  CsrWriter<V, I> w(spec, rows, rows, rows * kPerRow);
  std::vector<std::int64_t> cols;
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t site = row / 12, spin = (row % 12) / 3;
    cols.clear();
    for (int c = 0; c < 3; ++c) cols.push_back(site * 12 + spin * 3 + c);
    std::int64_t stride = 1;
    for (int mu = 0; mu < 4; ++mu, stride *= L) {
      const std::int64_t coord = (site / stride) % L;
      const std::int64_t partner = spin ^ (2 | (mu & 1));
      for (int dir : {-1, 1}) {
        const std::int64_t t = site + ((coord + dir + L) % L - coord) * stride;
        for (std::int64_t s : {spin, partner})
          for (int c = 0; c < 3; ++c) cols.push_back(t * 12 + s * 3 + c);
      }
    }
    std::sort(cols.begin(), cols.end());
    w.add_row(seed, row, cols);
  }
  return w.finish();
}

#define AIJA_INSTANTIATE(V, I)                                          \
  template HostCsr<V, I> make_stencil<V, I>(const GeneratorSpec&);    \
  template HostCsr<V, I> make_fem<V, I>(const GeneratorSpec&);        \
  template HostCsr<V, I> make_qcd<V, I>(const GeneratorSpec&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench::detail
