// Locality reordering: rcm_order gives a permutation on every pattern (edge cases,
// disconnected, nonsymmetric, random) and recovers the bandwidth of shuffled chains and
// grids; degree_order sorts by column counts; B = P A P^T keeps each row's entries in order, so P^T B P x equals A x bit for
// bit; permute_values refills it; gather_sector_ratio tells local from scattered gathers.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/reordering.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

// A square matrix from the columns of each row (kept in the given order), values 1, 2, 3, ...
template <class V, class I>
OwnedCsr<V, I> from_rows(const std::vector<std::vector<std::int64_t>>& rows) {
  OwnedCsr<V, I> m;
  m.rows = m.cols = I(rows.size());
  for (const auto& r : rows) {
    for (std::int64_t c : r) {
      m.col_idx.push_back(I(c));
      m.values.push_back(V(m.values.size() % 97 + 1));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

// The path 0 - 1 - ... - n-1 with its diagonal: tridiagonal.
std::vector<std::vector<std::int64_t>> chain(std::int64_t n) {
  std::vector<std::vector<std::int64_t>> rows(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = std::max<std::int64_t>(0, i - 1); j <= std::min(n - 1, i + 1); ++j)
      rows[i].push_back(j);
  return rows;
}

// 5-point stencil of an n x n grid, natural (row-major) order, columns sorted.
std::vector<std::vector<std::int64_t>> grid5(std::int64_t n) {
  std::vector<std::vector<std::int64_t>> rows(std::size_t(n * n));
  for (std::int64_t y = 0; y < n; ++y)
    for (std::int64_t x = 0; x < n; ++x) {
      auto& r = rows[std::size_t(y * n + x)];
      if (y > 0) r.push_back((y - 1) * n + x);
      if (x > 0) r.push_back(y * n + x - 1);
      r.push_back(y * n + x);
      if (x + 1 < n) r.push_back(y * n + x + 1);
      if (y + 1 < n) r.push_back((y + 1) * n + x);
    }
  return rows;
}

// The same graph numbered at random (rows and columns together), each row's columns sorted,
// as a mesh numbered without care would come from PETSc; with `block`, at random only within
// blocks of that many nodes (a mesh numbered piece by piece). Independent of the code under test.
std::vector<std::vector<std::int64_t>> shuffled(const std::vector<std::vector<std::int64_t>>& rows,
                                                std::uint64_t seed, std::size_t block = SIZE_MAX) {
  std::vector<std::int64_t> to_new(rows.size());
  std::iota(to_new.begin(), to_new.end(), 0);
  std::mt19937_64 rng(seed);
  for (std::size_t b = 0; b < to_new.size(); b += std::min(block, to_new.size()))
    std::shuffle(to_new.begin() + std::ptrdiff_t(b),
                 to_new.begin() + std::ptrdiff_t(std::min(to_new.size(), b + block)), rng);
  std::vector<std::vector<std::int64_t>> out(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto& r = out[std::size_t(to_new[i])];
    for (std::int64_t c : rows[i]) r.push_back(to_new[std::size_t(c)]);
    std::sort(r.begin(), r.end());
  }
  return out;
}

// Throws ErrorKind::invalid_argument, or the test fails saying what was accepted.
template <class Call>
void expect_invalid(Call&& call, const char* what) {
  try {
    call();
    ADD_FAILURE() << what << " was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << what << ": " << e.what();
  }
}

template <class V, class I>
std::int64_t bandwidth(const CsrView<V, I>& a) {
  std::int64_t b = 0;
  for (I i = 0; i < a.rows; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      b = std::max<std::int64_t>(b, std::abs(std::int64_t(a.col_idx[k]) - i));
  return b;
}

// Every index once in new_to_old, old_to_new its inverse.
template <class I>
void expect_permutation(const Permutation<I>& p, std::int64_t n) {
  ASSERT_EQ(p.size(), n);
  ASSERT_EQ(std::int64_t(p.old_to_new.size()), n);
  std::vector<char> seen(std::size_t(n), 0);
  for (std::int64_t i = 0; i < n; ++i) {
    const I old = p.new_to_old[std::size_t(i)];
    ASSERT_TRUE(old >= 0 && old < n) << "new_to_old[" << i << "] = " << old;
    ASSERT_FALSE(seen[std::size_t(old)]) << old << " appears twice";
    seen[std::size_t(old)] = 1;
    ASSERT_EQ(p.old_to_new[std::size_t(old)], I(i));
  }
  EXPECT_NO_THROW(check_permutation(p, n));
}

template <class I>
Permutation<I> random_permutation(std::int64_t n, std::uint64_t seed) {
  Permutation<I> p;
  p.new_to_old.resize(std::size_t(n));
  std::iota(p.new_to_old.begin(), p.new_to_old.end(), I(0));
  std::mt19937_64 rng(seed);
  std::shuffle(p.new_to_old.begin(), p.new_to_old.end(), rng);
  p.old_to_new.resize(std::size_t(n));
  for (std::int64_t i = 0; i < n; ++i) p.old_to_new[std::size_t(p.new_to_old[std::size_t(i)])] = I(i);
  return p;
}

// Reverse Cuthill-McKee written the plain way, with the rules rcm_order documents: components
// entered at the unnumbered node of smallest (degree, index), until that node is numbered;
// George-Liu sweeps from the smallest (degree, index) node of the last level while the
// eccentricity grows (at most kRcmMaxPeripheralSweeps more, a shallower one is not taken); new
// neighbours of each node queued in increasing (degree, index); the whole order reversed. The
// oracle of the optimised one.
template <class V, class I>
std::vector<I> textbook_rcm(const CsrView<V, I>& a) {
  const std::int64_t n = a.rows;
  std::vector<std::int64_t> degree(std::size_t(n), 0);
  for (std::int64_t i = 0; i < n; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) degree[std::size_t(i)] += a.col_idx[k] != i;
  const auto before = [&](std::int64_t u, std::int64_t v) {
    return degree[std::size_t(u)] != degree[std::size_t(v)] ? degree[std::size_t(u)] < degree[std::size_t(v)]
                                                            : u < v;
  };
  std::vector<char> numbered(std::size_t(n), 0);
  // Eccentricity of root and the nodes of its last level, over the unnumbered nodes.
  const auto bfs = [&](std::int64_t root) {
    std::vector<std::int64_t> level(std::size_t(n), -1), queue{root};
    level[std::size_t(root)] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h) {
      const std::int64_t u = queue[h];
      for (I k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
        const std::int64_t v = a.col_idx[k];
        if (numbered[std::size_t(v)] || level[std::size_t(v)] >= 0) continue;
        level[std::size_t(v)] = level[std::size_t(u)] + 1;
        queue.push_back(v);
      }
    }
    const std::int64_t ecc = level[std::size_t(queue.back())];
    std::vector<std::int64_t> last;
    for (std::int64_t v : queue)
      if (level[std::size_t(v)] == ecc) last.push_back(v);
    return std::make_pair(ecc, last);
  };
  std::vector<std::int64_t> nodes(static_cast<std::size_t>(n));
  std::iota(nodes.begin(), nodes.end(), 0);
  std::sort(nodes.begin(), nodes.end(), before);
  std::vector<I> order;
  for (std::size_t next_start = 0; next_start < nodes.size();) {
    const std::int64_t start = nodes[next_start];
    if (numbered[std::size_t(start)]) {
      ++next_start;
      continue;
    }
    std::int64_t root = start;  // it may not reach start back (nonsymmetric): start is tried again
    if (degree[std::size_t(start)] > 0) {
      auto lv = bfs(root);
      for (int sweep = 0; sweep < kRcmMaxPeripheralSweeps && lv.first > 0; ++sweep) {
        const std::int64_t cand = *std::min_element(lv.second.begin(), lv.second.end(), before);
        auto lc = bfs(cand);
        if (lc.first < lv.first) break;
        const bool deeper = lc.first > lv.first;
        root = cand;
        lv = lc;
        if (!deeper) break;
      }
    }
    std::size_t head = order.size();
    order.push_back(I(root));
    numbered[std::size_t(root)] = 1;
    for (; head < order.size(); ++head) {
      const std::int64_t u = order[head];
      std::vector<std::int64_t> next;
      for (I k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k)
        if (!numbered[std::size_t(a.col_idx[k])]) {
          numbered[std::size_t(a.col_idx[k])] = 1;
          next.push_back(a.col_idx[k]);
        }
      std::sort(next.begin(), next.end(), before);
      for (std::int64_t v : next) order.push_back(I(v));
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

template <class P>
class Reordering : public ::testing::Test {
 public:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // Rows of B are rows of A renamed, same values in the same order; P^T B P x == A x bitwise.
  static void check_permuted(const OwnedCsr<V, I>& m, const Permutation<I>& p, std::uint64_t seed) {
    const CsrView<V, I> a = m.view();
    const PermutedCsr<V, I> b = permute_symmetric(a, p);
    const CsrView<V, I> bv = b.view();
    ASSERT_EQ(bv.rows, a.rows);
    ASSERT_EQ(bv.cols, a.cols);
    ASSERT_EQ(bv.nnz(), a.nnz());
    for (I i = 0; i < bv.rows; ++i) {
      const I old = p.new_to_old[std::size_t(i)];
      ASSERT_EQ(bv.row_ptr[i + 1] - bv.row_ptr[i], a.row_ptr[old + 1] - a.row_ptr[old]) << "row " << i;
      for (I k = 0; k < a.row_ptr[old + 1] - a.row_ptr[old]; ++k) {
        ASSERT_EQ(bv.col_idx[bv.row_ptr[i] + k], p.old_to_new[std::size_t(a.col_idx[a.row_ptr[old] + k])]);
        ASSERT_EQ(bv.values[bv.row_ptr[i] + k], a.values[a.row_ptr[old] + k]);
      }
    }
    const std::size_t n = std::size_t(a.rows);
    const auto x = test::random_vector<V>(n, seed);
    std::vector<V> y(n), xp(n), yp(n), y_back(n);
    csr_reference_apply(a, Op::plain, V(1), x.data(), V(0), y.data());
    permute_vector(p, x.data(), xp.data());
    csr_reference_apply(bv, Op::plain, V(1), xp.data(), V(0), yp.data());
    unpermute_vector(p, yp.data(), y_back.data());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y_back[i], y[i]) << "row " << i;  // bitwise: same sums
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(Reordering, TypePairs);

TYPED_TEST(Reordering, RcmIsAPermutationOnEdgeCases) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  using Rows = std::vector<std::vector<std::int64_t>>;
  const std::vector<std::pair<std::string, Rows>> cases = {
      {"0x0", {}},
      {"1x1 diagonal", {{0}}},
      {"1x1 empty", {{}}},
      {"diagonal only", {{0}, {1}, {2}}},
      {"empty rows and isolated nodes", {{}, {0, 3}, {}, {1, 3}, {4}, {}}},
      // two chains, a triangle and isolated nodes, interleaved
      {"components", {{0, 2}, {1, 5}, {0, 2, 4}, {}, {2, 4}, {1, 5}, {7, 8}, {6, 8}, {6, 7}, {9}}},
      // out-edges only: 0 -> 1 -> 2, 3 -> 0, 4 -> everything, 5 reached by nobody
      {"nonsymmetric", {{1}, {2}, {}, {0}, {0, 1, 2, 3, 5}, {}}},
      {"star pointing in", {{}, {0}, {0}, {0}, {0}}},
      // 0 -> 1 -> {2..6}, 2 -> 7 -> 3 -> 4 -> 5 -> 6 -> 3: the search from 0 (eccentricity 3) moves
      // to 7 (4), which reaches neither 0 nor 1 nor 2; 0 must still get a place.
      {"start node not reached from its root", {{1}, {2, 3, 4, 5, 6}, {7}, {4}, {5}, {6}, {3}, {3}}},
      {"duplicate columns", {{1, 1, 0}, {0, 0}, {2, 1, 1}}},
  };
  for (const auto& [name, rows] : cases) {
    SCOPED_TRACE(name);
    const auto m = from_rows<V, I>(rows);
    const Permutation<I> p = rcm_order(m.view());
    expect_permutation(p, std::int64_t(rows.size()));
    TestFixture::check_permuted(m, p, 3);
  }
  // Disconnected chains: each component stays contiguous, so the bandwidth is still 1.
  Rows three_chains(30);
  for (std::int64_t i = 0; i < 30; ++i)
    for (std::int64_t j : {i - 3, i, i + 3})
      if (j >= 0 && j < 30) three_chains[std::size_t(i)].push_back(j);
  const auto m = from_rows<V, I>(three_chains);
  const auto p = rcm_order(m.view());
  expect_permutation(p, 30);
  EXPECT_EQ(bandwidth(permute_symmetric(m.view(), p).view()), 1);
}

TYPED_TEST(Reordering, RcmIsADeterministicPermutationOnRandomMatrices) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::int64_t n = 50 + 97 * std::int64_t(seed);
    // Nonsymmetric, sometimes many components.
    const RandomShape s{n, n, seed % 2 ? 0.01 : 0.05, seed % 3 == 0 ? 0.2 : 0.0, seed == 4 ? 2 : 0, seed};
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto m = test::random_csr<V, I>(s);
    const Permutation<I> p = rcm_order(m.view());
    expect_permutation(p, s.rows);
    const Permutation<I> again = rcm_order(m.view());
    EXPECT_EQ(p.new_to_old, again.new_to_old);
    TestFixture::check_permuted(m, p, seed);
  }
  // Many small sparse nonsymmetric patterns: searches that wander away from their start node.
  for (std::uint64_t seed = 100; seed < 400; ++seed) {
    const std::int64_t n = 5 + std::int64_t(seed % 40);
    const auto m = test::random_csr<V, I>(RandomShape{n, n, 1.5 / double(n), 0.0, 0, seed});
    const Permutation<I> p = rcm_order(m.view());
    ASSERT_NO_FATAL_FAILURE(expect_permutation(p, n)) << "seed " << seed;
    ASSERT_EQ(p.new_to_old, textbook_rcm(m.view())) << "seed " << seed;
  }
}

// Patterns that give RCM's rules something to decide.
template <class V, class I>
std::vector<std::pair<std::string, OwnedCsr<V, I>>> rcm_cases() {
  std::vector<std::pair<std::string, OwnedCsr<V, I>>> cases;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::int64_t n = 200 * std::int64_t(seed);
    // A few entries a row: many components at first.
    const RandomShape s{n, n, 3.0 / double(n) * double(seed), seed == 2 ? 0.3 : 0.0, seed == 3 ? 2 : 0, seed};
    cases.emplace_back("random nonsymmetric, seed " + std::to_string(seed), test::random_csr<V, I>(s));
  }
  // Degrees around and above 255, where the capped sort key hands over to the full degree.
  cases.emplace_back("degrees over 255", test::random_csr<V, I>(RandomShape{700, 700, 0.4, 0.0, 3, 7}));
  cases.emplace_back("shuffled grid", from_rows<V, I>(shuffled(grid5(30), 8)));
  cases.emplace_back("shuffled chain", from_rows<V, I>(shuffled(chain(500), 9)));
  cases.emplace_back(
      "components", from_rows<V, I>({{0, 2}, {1, 5}, {0, 2, 4}, {}, {2, 4}, {1, 5}, {7, 8}, {6, 8}, {6, 7}}));
  return cases;
}

TYPED_TEST(Reordering, RcmMatchesATextbookImplementation) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (const auto& [name, m] : rcm_cases<V, I>()) {
    SCOPED_TRACE(name);
    EXPECT_EQ(rcm_order(m.view()).new_to_old, textbook_rcm(m.view()));
  }
}

// Levels searched by several threads at once: the same order, whatever the threads and wherever
// the searches switch between the team and one thread (levels of 1 node or more go to the team,
// or of 16 or more, so that wide and narrow levels alternate).
TYPED_TEST(Reordering, RcmOnSeveralThreadsGivesTheSameOrder) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  auto cases = rcm_cases<V, I>();
  cases.emplace_back("larger shuffled grid", from_rows<V, I>(shuffled(grid5(120), 3)));
  for (const auto& [name, m] : cases) {
    const std::vector<I> expected = textbook_rcm(m.view());
    for (const RcmThreads threads : {RcmThreads{4, 1}, RcmThreads{3, 16}, RcmThreads{8, 2}}) {
      SCOPED_TRACE(name + ", " + std::to_string(threads.threads) + " threads from levels of " +
                   std::to_string(threads.level_nodes) + " nodes");
      EXPECT_EQ(rcm_order(m.view(), threads).new_to_old, expected);
    }
  }
}

TYPED_TEST(Reordering, PermuteSymmetricKeepsRowsAndTheProductBitwise) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (std::uint64_t seed = 11; seed <= 15; ++seed) {
    const std::int64_t n = 300 + 41 * std::int64_t(seed);
    const RandomShape s{n, n, 0.03, 0.1, seed == 12 ? 1 : 0, seed};
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto m = test::random_csr<V, I>(s);
    TestFixture::check_permuted(m, random_permutation<I>(s.rows, seed), seed);
    TestFixture::check_permuted(m, rcm_order(m.view()), seed);
  }
  // A shuffled grid, reordered by RCM: the typical use.
  const auto grid = from_rows<V, I>(shuffled(grid5(23), 5));
  TestFixture::check_permuted(grid, rcm_order(grid.view()), 7);
  // 800k entries: several row parts, each permuted on a thread of its own (where the machine has
  // two hardware threads or more).
  const auto large = from_rows<V, I>(shuffled(grid5(400), 6));
  TestFixture::check_permuted(large, rcm_order(large.view()), 8);
  // 0x0.
  const OwnedCsr<V, I> empty;
  TestFixture::check_permuted(empty, Permutation<I>{}, 1);
}

TYPED_TEST(Reordering, PermuteValuesRefillsLikePermuteSymmetric) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  RandomShape s;
  s.rows = s.cols = 400;
  s.density = 0.02;
  s.empty_row_fraction = 0.1;
  s.seed = 21;
  auto m = test::random_csr<V, I>(s);
  const Permutation<I> p = rcm_order(m.view());
  PermutedCsr<V, I> b = permute_symmetric(m.view(), p);
  const std::vector<I> row_ptr = b.row_ptr;
  const UninitialisedVector<I> col_idx = b.col_idx;
  m.values = test::random_vector<V>(m.values.size(), 99);  // new values, same pattern
  permute_values(m.view(), p, b);
  const PermutedCsr<V, I> fresh = permute_symmetric(m.view(), p);
  EXPECT_EQ(b.row_ptr, row_ptr);  // the pattern is untouched
  EXPECT_EQ(b.col_idx, col_idx);
  EXPECT_EQ(b.row_ptr, fresh.row_ptr);
  EXPECT_EQ(b.col_idx, fresh.col_idx);
  EXPECT_EQ(b.values, fresh.values);

  // A permuted matrix of another pattern (same sizes, one row longer, one shorter) is refused.
  auto other = m;
  for (I i = 0; i < other.rows; ++i)
    if (other.row_ptr[i + 1] - other.row_ptr[i] >= 2) {  // move this row's last entry to row i+1
      for (I j = i + 1; j < other.rows; ++j)
        if (other.row_ptr[j + 1] - other.row_ptr[j] == 0) {  // an empty row later on
          other.col_idx.erase(other.col_idx.begin() + other.row_ptr[i + 1] - 1);
          other.col_idx.insert(other.col_idx.begin() + other.row_ptr[j] - 1, I(0));
          for (I r = i + 1; r <= j; ++r) --other.row_ptr[r];
          break;
        }
      break;
    }
  ASSERT_NE(other.row_ptr, m.row_ptr);
  EXPECT_THROW(permute_values(other.view(), p, b), Error);
  const OwnedCsr<V, I> smaller = test::random_csr<V, I>(RandomShape{399, 399, 0.02, 0, 0, 21});
  EXPECT_THROW(permute_values(smaller.view(), p, b), Error);

  // 800k entries: several row parts, each refilled on a thread of its own (where the machine has
  // two hardware threads or more), A's rows fetched ahead.
  auto large = from_rows<V, I>(shuffled(grid5(400), 9));
  const Permutation<I> q = rcm_order(large.view());
  PermutedCsr<V, I> c = permute_symmetric(large.view(), q);
  for (std::size_t k = 0; k < large.values.size(); ++k) large.values[k] = V(double(k % 1013) - 500.0);
  permute_values(large.view(), q, c);
  EXPECT_EQ(c.values, permute_symmetric(large.view(), q).values);
}

TYPED_TEST(Reordering, RefusesANonSquareMatrixAndABadPermutation) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const auto rect = test::random_csr<V, I>(RandomShape{20, 30, 0.2, 0, 0, 1});
  expect_invalid([&] { rcm_order(rect.view()); }, "rcm_order of 20 x 30");
  expect_invalid([&] { permute_symmetric(rect.view(), random_permutation<I>(20, 1)); },
                "permute_symmetric of 20 x 30");
  const auto sq = test::random_csr<V, I>(RandomShape{20, 20, 0.2, 0, 0, 1});
  PermutedCsr<V, I> b = permute_symmetric(sq.view(), random_permutation<I>(20, 1));
  expect_invalid([&] { permute_values(rect.view(), random_permutation<I>(20, 1), b); },
                "permute_values of 20 x 30");
  expect_invalid([&] { permute_symmetric(sq.view(), random_permutation<I>(19, 1)); }, "a permutation of 19");
  Permutation<I> bad = random_permutation<I>(20, 2);
  std::swap(bad.new_to_old[0], bad.new_to_old[1]);  // old_to_new no longer its inverse
  expect_invalid([&] { permute_symmetric(sq.view(), bad); }, "a wrong inverse");
  bad = random_permutation<I>(20, 2);
  bad.new_to_old[3] = 20;
  expect_invalid([&] { permute_symmetric(sq.view(), bad); }, "an index out of range");
  expect_invalid([&] { gather_sector_ratio(sq.view(), 0); }, "group_rows 0");
  expect_invalid([&] { gather_sector_ratio(sq.view(), 32, 0); }, "max_groups 0");
}

// The column-degree order: columns by count, most first, ties by index; a permutation (its
// inverse too) on the edge cases and random matrices, which keeps the product bit for bit.
TYPED_TEST(Reordering, DegreeOrderSortsByColumnCountMostFirstTiesByIndex) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  using Rows = std::vector<std::vector<std::int64_t>>;
  // Column counts: 0 -> 2, 1 -> 0, 2 -> 3, 3 -> 2, 4 -> 1.
  const auto hand = from_rows<V, I>(Rows{{0, 2}, {2, 3}, {0, 2, 3, 4}, {}, {}});
  const Permutation<I> p = degree_order(hand.view());
  EXPECT_EQ(p.kind, OrderKind::degree);
  EXPECT_EQ(p.window, 0);
  EXPECT_EQ(p.new_to_old, (std::vector<I>{2, 0, 3, 4, 1}));
  expect_permutation(p, 5);
  TestFixture::check_permuted(hand, p, 3);
  for (const Rows& rows : {Rows{}, Rows{{}}, Rows{{0}}, Rows{{}, {}, {}}, Rows{{1, 1, 0}, {0, 0}, {2, 1, 1}}}) {
    const auto m = from_rows<V, I>(rows);
    const Permutation<I> q = degree_order(m.view());
    expect_permutation(q, std::int64_t(rows.size()));
    TestFixture::check_permuted(m, q, 3);
  }
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::int64_t n = 100 + 211 * std::int64_t(seed);
    const auto m = test::random_csr<V, I>(RandomShape{n, n, 0.02, seed % 2 ? 0.2 : 0.0, 1, seed});
    const Permutation<I> q = degree_order(m.view());
    expect_permutation(q, n);
    std::vector<std::int64_t> count(static_cast<std::size_t>(n), 0);
    for (std::int64_t k = 0; k < std::int64_t(m.col_idx.size()); ++k) ++count[std::size_t(m.col_idx[std::size_t(k)])];
    for (std::int64_t i = 1; i < n; ++i) {
      const std::size_t a = std::size_t(q.new_to_old[std::size_t(i - 1)]), b = std::size_t(q.new_to_old[std::size_t(i)]);
      ASSERT_TRUE(count[a] > count[b] || (count[a] == count[b] && a < b)) << "seed " << seed << ", new index " << i;
    }
    TestFixture::check_permuted(m, q, 2);
  }
  const auto rect = test::random_csr<V, I>(RandomShape{20, 30, 0.2, 0, 0, 1});
  expect_invalid([&] { degree_order(rect.view()); }, "degree_order of 20 x 30");
}

// ---- bandwidth recovered ------------------------------------------------------------

TEST(RcmOrder, RecoversBandwidthOneOnAShuffledChain) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto m = from_rows<double, std::int32_t>(shuffled(chain(1000 + std::int64_t(seed)), seed));
    ASSERT_GT(bandwidth(m.view()), 100) << "the shuffle did not scatter the chain";
    const auto b = permute_symmetric(m.view(), rcm_order(m.view()));
    EXPECT_EQ(bandwidth(b.view()), 1) << "seed " << seed;
  }
}

// In any BFS (level) order, an edge joins the same or adjacent levels, so the bandwidth is
// below |L_k| + |L_k+1| <= 2 * (widest level). From a corner of an n x n grid the levels are
// anti-diagonals of at most n nodes: bandwidth < 2n. Cuthill-McKee keeps each level in its
// parents' order, which in practice gives about n.
TEST(RcmOrder, ShuffledGridBandwidthBelowTwiceItsSide) {
  for (std::int64_t n : {10, 31, 64}) {
    const auto natural = from_rows<double, std::int64_t>(grid5(n));
    const auto m = from_rows<double, std::int64_t>(shuffled(grid5(n), std::uint64_t(n)));
    const auto b = permute_symmetric(m.view(), rcm_order(m.view()));
    const std::int64_t before = bandwidth(m.view()), after = bandwidth(b.view());
    EXPECT_EQ(bandwidth(natural.view()), n);
    EXPECT_GT(before, n * n / 2) << "n " << n;
    EXPECT_LE(after, 2 * n) << "n " << n << ", shuffled bandwidth " << before;
    EXPECT_LE(after, n + 1) << "n " << n << ": within 2n, but CM usually gives about n";
  }
}

// ---- windowed_order ---------------------------------------------------------------------

// Every index stays in its window, the window's indices keep the global order's
// relative order, and old_to_new is the inverse.
template <class I>
void expect_windowed(const Permutation<I>& global, const Permutation<I>& w, std::int64_t window) {
  ASSERT_NO_THROW(check_permutation(w, global.size()));
  EXPECT_EQ(w.window, window);
  for (std::int64_t i = 0; i < w.size(); ++i) {
    ASSERT_EQ(std::int64_t(w.new_to_old[std::size_t(i)]) / window, i / window) << "new index " << i;
    if (i + 1 < w.size() && (i + 1) / window == i / window)
      ASSERT_LT(global.old_to_new[std::size_t(w.new_to_old[std::size_t(i)])],
                global.old_to_new[std::size_t(w.new_to_old[std::size_t(i + 1)])])
          << "new indices " << i << " and " << i + 1 << " out of the global order";
  }
}

TEST(WindowedOrder, KeepsEachIndexInItsWindowInTheGlobalOrder) {
  const auto m = from_rows<double, std::int32_t>(shuffled(grid5(37), 4));  // 1369 rows
  const Permutation<std::int32_t> global = rcm_order(m.view());
  for (std::int64_t window : {1, 2, 100, 128, 1368, 1369, 5000}) {
    SCOPED_TRACE("window " + std::to_string(window));
    const Permutation<std::int32_t> w = windowed_order(global, window);
    expect_windowed(global, w, window);
    if (window == 1) {
      for (std::int64_t i = 0; i < w.size(); ++i) ASSERT_EQ(w.new_to_old[std::size_t(i)], i);
    }
    if (window >= m.rows) EXPECT_EQ(w.new_to_old, global.new_to_old);
  }
  const auto m64 = from_rows<float, std::int64_t>(shuffled(chain(1000), 9));
  const Permutation<std::int64_t> global64 = rcm_order(m64.view());
  expect_windowed(global64, windowed_order(global64, 77), 77);
  EXPECT_EQ(windowed_order(Permutation<std::int32_t>{}, 16).size(), 0);
  expect_invalid([&] { windowed_order(global, 0); }, "window 0");
}

// A grid numbered at random only within blocks of its own lines (a mesh
// numbered piece by piece): RCM in windows of those blocks keeps the bandwidth
// near the original's, where RCM over the whole grid gives about its side,
// and its gathers touch few sectors.
TEST(WindowedOrder, OnABlockNumberedGridLocalAndNarrow) {
  const std::int64_t n = 200, block = 4 * n;
  const auto m = from_rows<double, std::int32_t>(shuffled(grid5(n), 3, std::size_t(block)));
  const Permutation<std::int32_t> global = rcm_order(m.view());
  const Permutation<std::int32_t> local = windowed_order(global, block);
  const double before = gather_sector_ratio(m.view()), after_global = gather_sector_ratio(m.view(), global),
               after_local = gather_sector_ratio(m.view(), local);
  EXPECT_GE(before, 0.6);  // 0.67: a node's neighbours along its line share a block, at random in it
  EXPECT_LE(after_local, 0.4);
  EXPECT_LE(after_local, 1.1 * after_global);
  const std::int64_t wide = bandwidth(m.view());
  const std::int64_t narrow = bandwidth(permute_symmetric(m.view(), local).view());
  EXPECT_LE(narrow, wide) << "windows keep the pieces' order";
  std::printf("block-numbered grid: x sectors per nonzero %.3f; RCM %.3f; RCM in windows %.3f; "
              "bandwidth %lld -> %lld\n",
              before, after_global, after_local, (long long)wide, (long long)narrow);
}

// ---- gather_sector_ratio --------------------------------------------------------------

// All groups, counted the plain way: distinct (column / per_sector) per group of rows.
template <class V, class I>
double all_groups_ratio(const CsrView<V, I>& a, int group_rows) {
  const std::int64_t per = kGatherSectorBytes / std::int64_t(sizeof(V));
  std::int64_t sectors = 0, nnz = 0;
  for (std::int64_t r0 = 0; r0 < a.rows; r0 += group_rows) {
    std::vector<std::int64_t> s;
    for (std::int64_t k = a.row_ptr[r0]; k < a.row_ptr[std::min<std::int64_t>(a.rows, r0 + group_rows)]; ++k)
      s.push_back(a.col_idx[k] / per);
    std::sort(s.begin(), s.end());
    sectors += std::unique(s.begin(), s.end()) - s.begin();
    nnz += std::int64_t(s.size());
  }
  return nnz ? double(sectors) / double(nnz) : 0.0;
}

TEST(GatherSectorRatio, LocalStencilsLowScatteredHigh) {
  const auto tri = from_rows<double, std::int32_t>(chain(100000));
  const auto grid = from_rows<double, std::int32_t>(grid5(300));
  const auto grid_f = from_rows<float, std::int32_t>(grid5(300));
  const double r_tri = gather_sector_ratio(tri.view()), r_grid = gather_sector_ratio(grid.view());
  EXPECT_LE(r_tri, 0.25);
  EXPECT_LE(r_grid, 0.25);
  EXPECT_LE(gather_sector_ratio(grid_f.view()), r_grid * 0.75);  // 8 floats per sector, not 4 doubles
  const auto random_grid = from_rows<double, std::int32_t>(shuffled(grid5(300), 1));
  const double r_random = gather_sector_ratio(random_grid.view());
  // Every off-diagonal gather in its own sector, the 32 diagonal ones (consecutive columns) in 8:
  // (128 + 8) / 160 = 0.85.
  EXPECT_GE(r_random, 0.8);
  // RCM on the shuffled grid brings it back down.
  const auto b = permute_symmetric(random_grid.view(), rcm_order(random_grid.view()));
  const double r_rcm = gather_sector_ratio(b.view());
  EXPECT_LE(r_rcm, 0.4) << "shuffled " << r_random;
  std::printf("gather_sector_ratio: chain %.3f, grid %.3f, shuffled grid %.3f, after RCM %.3f\n", r_tri,
              r_grid, r_random, r_rcm);
}

TEST(GatherSectorRatio, SamplesDeterministicallyAndMatchesTheFullCountWhenAllGroupsFit) {
  const auto m = from_rows<double, std::int64_t>(shuffled(grid5(50), 3));  // 2500 rows: 79 groups
  const auto half = from_rows<double, std::int64_t>(grid5(50));
  EXPECT_DOUBLE_EQ(gather_sector_ratio(m.view(), 32, 1000), all_groups_ratio(m.view(), 32));
  EXPECT_DOUBLE_EQ(gather_sector_ratio(half.view(), 7, 1000), all_groups_ratio(half.view(), 7));
  EXPECT_DOUBLE_EQ(gather_sector_ratio(m.view(), 1, 100000), all_groups_ratio(m.view(), 1));
  // Sampled: the same answer every time, and close to the full count on a uniform matrix.
  const double sampled = gather_sector_ratio(m.view(), 32, 10);
  EXPECT_EQ(sampled, gather_sector_ratio(m.view(), 32, 10));
  EXPECT_NEAR(sampled, all_groups_ratio(m.view(), 32), 0.05);
  // Sampling evenly spread: the first and the last group are both sampled, not the first 10.
  std::vector<std::vector<std::int64_t>> rows(3200);  // 100 groups; only the last one has entries
  for (std::int64_t i = 3168; i < 3200; ++i) rows[std::size_t(i)] = {i};
  const auto last_only = from_rows<double, std::int32_t>(rows);
  EXPECT_DOUBLE_EQ(gather_sector_ratio(last_only.view(), 32, 10), 0.25);
  EXPECT_EQ(gather_sector_ratio(last_only.view(), 32, 1), 0.0);  // the middle group only: no entries
}

// Enough sampled entries for the pass to run on several threads (where the
// machine has them): their counts summed give the plain count's ratio, in
// doubles, floats and (where built) complex doubles: 4, 8 and 2 values per sector.
TEST(GatherSectorRatio, OnSeveralThreadsTheSameAsThePlainCount) {
  const auto grid = shuffled(grid5(400), 5);  // 160,000 rows, 800k entries: all 5,000 groups sampled
  const auto d = from_rows<double, std::int32_t>(grid);
  const auto f = from_rows<float, std::int64_t>(grid);
  ASSERT_GT(d.view().nnz(), 3 * kGatherEntriesPerThread);
  EXPECT_DOUBLE_EQ(gather_sector_ratio(d.view(), 32, 100000), all_groups_ratio(d.view(), 32));
  EXPECT_DOUBLE_EQ(gather_sector_ratio(f.view(), 32, 100000), all_groups_ratio(f.view(), 32));
#if AIJADAPTIVE_HAVE_COMPLEX
  const auto z = from_rows<std::complex<double>, std::int32_t>(grid);
  EXPECT_DOUBLE_EQ(gather_sector_ratio(z.view(), 32, 100000), all_groups_ratio(z.view(), 32));
#endif
  EXPECT_DOUBLE_EQ(gather_sector_ratio(d.view(), 3, 100000), all_groups_ratio(d.view(), 3));
}

// Through a permutation: the ratio of P A P^T without building it, sampled or not.
TEST(GatherSectorRatio, ThroughAPermutationTheRatioOfThePermutedMatrix) {
  const auto m = from_rows<double, std::int32_t>(shuffled(grid5(120), 6));
  const auto m64 = from_rows<float, std::int64_t>(shuffled(grid5(60), 2));
  for (const auto& p : {rcm_order(m.view()), random_permutation<std::int32_t>(m.rows, 5),
                        windowed_order(rcm_order(m.view()), 500)}) {
    const auto b = permute_symmetric(m.view(), p);
    EXPECT_DOUBLE_EQ(gather_sector_ratio(m.view(), p), gather_sector_ratio(b.view()));
    EXPECT_DOUBLE_EQ(gather_sector_ratio(m.view(), p, 7, 50), gather_sector_ratio(b.view(), 7, 50));
  }
  const auto p64 = rcm_order(m64.view());
  EXPECT_DOUBLE_EQ(gather_sector_ratio(m64.view(), p64, 32, 100000),
                   all_groups_ratio(permute_symmetric(m64.view(), p64).view(), 32));
  expect_invalid([&] { gather_sector_ratio(m.view(), random_permutation<std::int32_t>(10, 1)); }, "a wrong size");
  const auto rect = test::random_csr<double, std::int32_t>(RandomShape{30, 20, 0.2, 0, 0, 3});
  expect_invalid([&] { gather_sector_ratio(rect.view(), random_permutation<std::int32_t>(30, 1)); }, "not square");
}

// A graph whose few most used columns are spread over the numbering: numbered first by
// degree_order, they share sectors.
TEST(GatherSectorRatio, TheDegreeOrderGathersHubColumnsInFewSectors) {
  const auto m = test::hub_graph<double, std::int32_t>(8192, 64, 6, 7);
  const double own = gather_sector_ratio(m.view());
  const double by_degree = gather_sector_ratio(m.view(), degree_order(m.view()));
  EXPECT_GT(own, 0.3);
  EXPECT_LT(by_degree, 0.7 * own) << "own " << own;
}

TEST(GatherSectorRatio, ZeroWithoutNonzeros) {
  const OwnedCsr<double, std::int32_t> empty;
  EXPECT_EQ(gather_sector_ratio(empty.view()), 0.0);
  const auto no_entries = from_rows<float, std::int64_t>(std::vector<std::vector<std::int64_t>>(100));
  EXPECT_EQ(gather_sector_ratio(no_entries.view()), 0.0);
  const auto one = from_rows<double, std::int32_t>({{0}});
  EXPECT_EQ(gather_sector_ratio(one.view()), 1.0);  // one gather, one sector
}

}  // namespace
}  // namespace aijadaptive
