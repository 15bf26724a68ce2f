// The DIA-Adaptive search engine: features on small hand-made matrices, each
// label on both sides of its threshold, the three types and "not diagonal",
// rectangular spans, every feature against a brute-force count, unsorted
// columns, and the byte guard.
#include <aijadaptive/diagonal_search.hpp>
#include <aijadaptive/errors.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using Keep = std::function<bool(std::int64_t row, std::int64_t offset)>;

// Entries on the given diagonals, inside the matrix, where keep says so;
// columns sorted within each row.
template <class V, class I>
OwnedCsr<V, I> on_diagonals(std::int64_t rows, std::int64_t cols, std::vector<std::int64_t> offsets,
                            const Keep& keep = [](std::int64_t, std::int64_t) { return true; }) {
  std::sort(offsets.begin(), offsets.end());
  OwnedCsr<V, I> m;
  m.rows = I(rows);
  m.cols = I(cols);
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t d : offsets)
      if (i + d >= 0 && i + d < cols && keep(i, d)) {
        m.col_idx.push_back(I(i + d));
        m.values.push_back(V(1 + (i + d) % 7));
      }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

// The 5-point Laplacian of an L x L grid, rows in natural order.
template <class V, class I>
OwnedCsr<V, I> stencil_5pt(std::int64_t L) {
  return on_diagonals<V, I>(L * L, L * L, {-L, -1, 0, 1, L}, [L](std::int64_t i, std::int64_t d) {
    const std::int64_t x = i % L;
    return !(d == -1 && x == 0) && !(d == 1 && x == L - 1);
  });
}

// The same matrix with the entries of every row in a random order.
template <class V, class I>
OwnedCsr<V, I> shuffled(OwnedCsr<V, I> m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (I i = 0; i < m.rows; ++i) {
    std::vector<std::pair<I, V>> row;
    for (I k = m.row_ptr[i]; k < m.row_ptr[i + 1]; ++k) row.emplace_back(m.col_idx[k], m.values[k]);
    std::shuffle(row.begin(), row.end(), rng);
    for (std::size_t j = 0; j < row.size(); ++j) {
      m.col_idx[m.row_ptr[i] + j] = row[j].first;
      m.values[m.row_ptr[i] + j] = row[j].second;
    }
  }
  return m;
}

// Every feature counted the slow, obvious way: a set of rows per diagonal,
// every row of every span visited.
template <class V, class I>
DiagonalFeatures brute_force(const OwnedCsr<V, I>& m) {
  DiagonalFeatures f;
  f.rows = m.rows;
  f.cols = m.cols;
  f.nnz = std::int64_t(m.col_idx.size());
  std::map<std::int64_t, std::multiset<std::int64_t>> rows_of;
  for (std::int64_t i = 0; i < f.rows; ++i)
    for (I k = m.row_ptr[i]; k < m.row_ptr[i + 1]; ++k) rows_of[std::int64_t(m.col_idx[k]) - i].insert(i);
  f.K = std::int64_t(rows_of.size());
  f.delta = (f.rows + 99) / 100;
  for (const auto& [d, rows] : rows_of) {
    f.offsets.push_back(d);
    f.n_offset += std::abs(d) > f.delta;
    f.scatter_points += rows.size() == 1;
    std::int64_t run = 0;
    for (std::int64_t i = 0; i < f.rows; ++i) {
      if (i + d < 0 || i + d >= f.cols) continue;
      ++f.brcsd1_stored;
      run = rows.count(i) ? 0 : run + 1;
      f.longest_zero_run = std::max(f.longest_zero_run, run);
    }
  }
  for (std::int64_t begin = 0; begin < f.rows; begin += 256) {
    const std::int64_t end = std::min(f.rows, begin + 256);
    std::int64_t present = 0;
    f.piece_begin.push_back(std::int64_t(f.piece_offsets.size()));
    for (const auto& [d, rows] : rows_of)
      if (rows.lower_bound(begin) != rows.lower_bound(end)) {
        ++present;
        f.piece_offsets.push_back(d);
      }
    f.brcsd2_stored += (end - begin) * present;
  }
  f.piece_begin.push_back(std::int64_t(f.piece_offsets.size()));
  if (f.nnz == 0) f.piece_begin.clear();  // the search lists the pieces of the entries it passed over
  f.dia_stored = f.rows * f.K;
  if (f.K > 0) {
    f.p_offset = double(f.n_offset) / double(f.K);
    f.p_zero = double(f.dia_stored - f.nnz) / double(f.dia_stored);
    f.alpha = (1.0 - 1.0 / double(f.K)) / 100.0;
  }
  f.label_lz = f.longest_zero_run >= 256;
  f.label_s = f.scatter_points > 0;
  for (std::int64_t i = 0; i < f.rows; ++i)
    for (I k = m.row_ptr[i] + 1; k < m.row_ptr[i + 1]; ++k) f.rows_increase = f.rows_increase && m.col_idx[k] > m.col_idx[k - 1];
  return f;
}

// Each BRCSD-II piece's diagonals, sorted (the search lists them as it meets them).
std::vector<std::vector<std::int64_t>> piece_lists(const DiagonalFeatures& f) {
  std::vector<std::vector<std::int64_t>> lists;
  for (std::size_t p = 0; p + 1 < f.piece_begin.size(); ++p) {
    lists.emplace_back(f.piece_offsets.begin() + f.piece_begin[p], f.piece_offsets.begin() + f.piece_begin[p + 1]);
    std::sort(lists.back().begin(), lists.back().end());
  }
  return lists;
}

void expect_same_features(const DiagonalFeatures& got, const DiagonalFeatures& want) {
  EXPECT_EQ(got.rows, want.rows);
  EXPECT_EQ(got.cols, want.cols);
  EXPECT_EQ(got.nnz, want.nnz);
  EXPECT_EQ(got.K, want.K);
  EXPECT_EQ(got.offsets, want.offsets);
  EXPECT_EQ(got.delta, want.delta);
  EXPECT_EQ(got.n_offset, want.n_offset);
  EXPECT_DOUBLE_EQ(got.p_offset, want.p_offset);
  EXPECT_DOUBLE_EQ(got.p_zero, want.p_zero);
  EXPECT_DOUBLE_EQ(got.alpha, want.alpha);
  EXPECT_EQ(got.longest_zero_run, want.longest_zero_run);
  EXPECT_EQ(got.scatter_points, want.scatter_points);
  EXPECT_EQ(got.label_lz, want.label_lz);
  EXPECT_EQ(got.label_s, want.label_s);
  EXPECT_EQ(got.dia_stored, want.dia_stored);
  EXPECT_EQ(got.brcsd1_stored, want.brcsd1_stored);
  EXPECT_EQ(got.brcsd2_stored, want.brcsd2_stored);
  EXPECT_EQ(got.rows_increase, want.rows_increase);
  EXPECT_EQ(got.piece_begin, want.piece_begin);
  EXPECT_EQ(piece_lists(got), piece_lists(want));
}

// The search on m, after checking its features against the brute-force count,
// and the search in row parts (on several threads) against the single pass.
template <class V, class I>
DiagonalSearch searched(const OwnedCsr<V, I>& m) {
  DiagonalSearch s = diagonal_search(m.view());
  if (s.features.K <= kMaxDiagonals) expect_same_features(s.features, brute_force(m));
  for (int parts : {1, 2, 3, 7}) {
    SCOPED_TRACE(testing::Message() << parts << " row parts");
    const DiagonalSearch p = diagonal_search(m.view(), parts);
    EXPECT_EQ(p.type, s.type);
    if (s.features.K > kMaxDiagonals) {
      EXPECT_GT(p.features.K, kMaxDiagonals);
      continue;
    }
    expect_same_features(p.features, s.features);
    EXPECT_EQ(p.reason, s.reason);
  }
  // The pass that stops once the verdict is certain: the same verdict, and the
  // same features and reason wherever the matrix is diagonal.
  for (int parts : {0, 1, 2, 3, 7}) {
    SCOPED_TRACE(testing::Message() << parts << " row parts, verdict only");
    const DiagonalSearch v = diagonal_search(m.view(), parts, DiagonalPass::verdict);
    EXPECT_EQ(v.type, s.type) << v.reason;
    if (s.type == DiagonalType::none) continue;
    expect_same_features(v.features, s.features);
    EXPECT_EQ(v.reason, s.reason);
  }
  EXPECT_FALSE(s.reason.empty());
  EXPECT_EQ(s.reason.find('\n'), std::string::npos) << s.reason;
  EXPECT_EQ(s.reason.rfind(s.type == DiagonalType::none ? "not diagonal" : "type ", 0), 0u) << s.reason;
  return s;
}

// The byte guard: the layout's values at most 9/10 of CSR's values and column indices.
template <class V, class I>
bool cheaper_than_csr(std::int64_t stored, std::int64_t nnz) {
  return 10 * stored * std::int64_t(sizeof(V)) <= 9 * nnz * std::int64_t(sizeof(V) + sizeof(I));
}

// Or, with at most 16 diagonals and 4 MiB of values, at most 25/10 of them.
template <class V, class I>
bool few_diagonals_in_l2(std::int64_t stored, std::int64_t nnz, std::int64_t diagonals) {
  const std::int64_t bytes = stored * std::int64_t(sizeof(V));
  return diagonals <= 16 && bytes <= (std::int64_t(4) << 20) &&
         10 * bytes <= 25 * nnz * std::int64_t(sizeof(V) + sizeof(I));
}

template <class P>
class DiagonalSearchTest : public ::testing::Test {
 public:
  using V = typename P::first_type;
  using I = typename P::second_type;
};
TYPED_TEST_SUITE(DiagonalSearchTest, test::TypePairs);

TYPED_TEST(DiagonalSearchTest, Tridiagonal10HandComputed) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const DiagonalSearch s = searched(on_diagonals<V, I>(10, 10, {-1, 0, 1}));
  const DiagonalFeatures& f = s.features;
  EXPECT_EQ(f.nnz, 28);
  EXPECT_EQ(f.K, 3);
  EXPECT_EQ(f.offsets, (std::vector<std::int64_t>{-1, 0, 1}));
  EXPECT_EQ(f.delta, 1);  // ceil(10 / 100)
  EXPECT_EQ(f.n_offset, 0);
  EXPECT_DOUBLE_EQ(f.p_zero, 2.0 / 30.0);
  EXPECT_DOUBLE_EQ(f.alpha, (2.0 / 3.0) / 100.0);
  EXPECT_EQ(f.longest_zero_run, 0);
  EXPECT_FALSE(f.label_lz);
  EXPECT_FALSE(f.label_s);
  EXPECT_EQ(f.dia_stored, 30);
  EXPECT_EQ(f.brcsd1_stored, 28);
  EXPECT_EQ(f.brcsd2_stored, 30);  // one piece of 10 rows, 3 diagonals
  // 6.7% padding is far above alpha = 0.67%: not type I, and no offset
  // diagonal: not type II.
  EXPECT_EQ(s.type, DiagonalType::brcsd2) << s.reason;
}

TYPED_TEST(DiagonalSearchTest, LongTridiagonalIsTypeI) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // Padding 2 / (3n) < alpha = (2/3) / 100 for every n > 100.
  const DiagonalSearch s = searched(on_diagonals<V, I>(1000, 1000, {-1, 0, 1}));
  EXPECT_EQ(s.type, DiagonalType::dia) << s.reason;
  EXPECT_NE(s.reason.find("type I (dia)"), std::string::npos) << s.reason;
}

TYPED_TEST(DiagonalSearchTest, TheMainDiagonalAloneIsTypeI) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // K = 1 gives alpha = 0, which no padding is below; none at all is type I.
  const DiagonalSearch s = searched(on_diagonals<V, I>(50, 50, {0}));
  EXPECT_DOUBLE_EQ(s.features.alpha, 0.0);
  EXPECT_EQ(s.type, DiagonalType::dia) << s.reason;
  // One missing entry is padding above alpha: type III.
  const DiagonalSearch gap = searched(on_diagonals<V, I>(50, 50, {0}, [](std::int64_t i, std::int64_t) { return i != 7; }));
  EXPECT_EQ(gap.type, DiagonalType::brcsd2) << gap.reason;
}

TYPED_TEST(DiagonalSearchTest, SingleEntryDiagonalIsAScatterPoint) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const std::int64_t n = 600, far = 395;
  // Diagonal `far` only at row 5; diagonal -far at two rows, so not a scatter point.
  const DiagonalSearch s = searched(on_diagonals<V, I>(n, n, {-far, -1, 0, 1, far}, [](std::int64_t i, std::int64_t d) {
    return std::abs(d) < 2 || (d > 0 && i == 5) || (d < 0 && (i == 400 || i == 401));
  }));
  EXPECT_EQ(s.features.scatter_points, 1);
  EXPECT_TRUE(s.features.label_s);
  // BRCSD-II's 2312 values are fewer bytes than CSR for every pair but
  // complex<double>/int32 (16-byte values against 20 bytes an entry), where
  // the allowance for few diagonals in L2 takes them (5 diagonals, 37 KB).
  const bool cheaper = cheaper_than_csr<V, I>(s.features.brcsd2_stored, s.features.nnz);
  EXPECT_EQ(cheaper, !(sizeof(V) == 16 && sizeof(I) == 4));
  EXPECT_TRUE((few_diagonals_in_l2<V, I>(s.features.brcsd2_stored, s.features.nnz, s.features.K)));
  EXPECT_EQ(s.type, DiagonalType::brcsd2) << s.reason;
  EXPECT_EQ(s.reason.find("taken for few diagonals in L2") == std::string::npos, cheaper) << s.reason;
  EXPECT_NE(s.reason.find("type III (brcsd2)"), std::string::npos) << s.reason;
  EXPECT_NE(s.reason.find("scatter point(s) (diagonal 395)"), std::string::npos) << s.reason;
}

TYPED_TEST(DiagonalSearchTest, LongZeroRunAtTheThreshold) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (std::int64_t gap : {kLongZeroRun - 1, kLongZeroRun, std::int64_t(300)}) {
    SCOPED_TRACE(gap);
    // A gap inside the main diagonal, rows [100, 100 + gap).
    const auto inside = searched(on_diagonals<V, I>(1000, 1000, {-1, 0, 1}, [gap](std::int64_t i, std::int64_t d) {
      return d != 0 || i < 100 || i >= 100 + gap;
    }));
    EXPECT_EQ(inside.features.longest_zero_run, gap);
    EXPECT_EQ(inside.features.label_lz, gap >= kLongZeroRun);
    // The same gap at the start of diagonal +2's span, then at its end (span rows 0..997).
    const auto head = searched(on_diagonals<V, I>(1000, 1000, {0, 2}, [gap](std::int64_t i, std::int64_t d) {
      return d == 0 || i >= gap;
    }));
    EXPECT_EQ(head.features.longest_zero_run, gap);
    const auto tail = searched(on_diagonals<V, I>(1000, 1000, {0, 2}, [gap](std::int64_t i, std::int64_t d) {
      return d == 0 || i < 998 - gap;
    }));
    EXPECT_EQ(tail.features.longest_zero_run, gap);
    EXPECT_EQ(tail.features.label_lz, gap >= kLongZeroRun);
  }
}

// A matrix beyond the entries the search reads before it starts threads: the
// rest in parts on threads, merged with the first, finds what one pass finds,
// a zero run that crosses from the first part into the next included.
TYPED_TEST(DiagonalSearchTest, TheRowsBeyondTheFirstPartAreSearchedInParts) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const std::int64_t n = 60000;  // 300k entries: the first part about 64k, the rest on threads
  const DiagonalSearch s = searched(on_diagonals<V, I>(n, n, {-7, -1, 0, 1, 7}, [](std::int64_t i, std::int64_t d) {
    return d != 7 || i < 12000 || i >= 14000;
  }));
  EXPECT_EQ(s.features.K, 5);
  EXPECT_EQ(s.features.longest_zero_run, 2000);
  EXPECT_TRUE(s.features.label_lz);
}

// A large matrix whose first 8k entries lie on more than 64 diagonals does not
// look diagonal: the caller's thread searches on to 64k entries, then parts of
// 64k go to threads (search.cpp). A band of 100 diagonals, one with a gap,
// takes that path; one of 9 takes parts of 8k after the first 8k.
TYPED_TEST(DiagonalSearchTest, ALargeMatrixIsSearchedInPartsWhetherItLooksDiagonalOrNot) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  std::vector<std::int64_t> wide, narrow;
  for (std::int64_t d = -50; d < 50; ++d) wide.push_back(d);
  for (std::int64_t d = -4; d <= 4; ++d) narrow.push_back(d);
  const auto gap = [](std::int64_t i, std::int64_t d) { return d != 3 || i < 2500 || i >= 2900; };
  const DiagonalSearch w = searched(on_diagonals<V, I>(3000, 3000, wide, gap));  // 297k entries
  EXPECT_EQ(w.features.K, 100);
  EXPECT_EQ(w.features.longest_zero_run, 400);
  const DiagonalSearch n = searched(on_diagonals<V, I>(30000, 30000, narrow, gap));  // 270k entries
  EXPECT_EQ(n.features.K, 9);
  EXPECT_EQ(n.features.longest_zero_run, 400);
}

// Rows whose columns are the row above's plus one are compared, not walked
// (search.cpp): the features stay the brute force's where such runs of rows
// are broken by a gap on one diagonal, a single entry, the pieces of BRCSD-II
// and the parts' ends; a column outside the matrix in a row that would repeat
// the row above is still refused.
TYPED_TEST(DiagonalSearchTest, RowsThatRepeatTheRowAboveGiveTheSameFeatures) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const std::int64_t n = 3000;
  const DiagonalSearch s =
      searched(on_diagonals<V, I>(n, n, {-300, -1, 0, 1, 5, 900}, [](std::int64_t i, std::int64_t d) {
        if (d == 900) return i == 1234;        // a scatter point
        return d != 5 || i < 400 || i >= 700;  // a zero run of 300 rows on +5
      }));
  EXPECT_EQ(s.features.K, 6);
  EXPECT_EQ(s.features.scatter_points, 1);
  const auto no_scatter = searched(on_diagonals<V, I>(
      n, n, {-300, -1, 0, 1, 5}, [](std::int64_t i, std::int64_t d) { return d != 5 || i < 400 || i >= 700; }));
  EXPECT_EQ(no_scatter.features.longest_zero_run, 300);

  auto m = on_diagonals<V, I>(n, n, {0, 1});  // row n - 1 holds column n - 1 only
  m.col_idx.push_back(I(n));  // row n - 1: columns n - 1, n (outside): the row above's plus one
  m.values.push_back(V(1));
  m.row_ptr.back() += 1;
  for (const DiagonalPass pass : {DiagonalPass::complete, DiagonalPass::verdict}) {
    try {
      diagonal_search(m.view(), 0, pass);
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << e.what();
    }
  }
}

// Long runs of repeating rows are compared 16 rows and 16 entries at a time
// (search.cpp): runs broken inside a block and at its edges, by a row of
// another length, by a row of the same length on another diagonal, and runs
// of empty rows, give the brute force's features.
TYPED_TEST(DiagonalSearchTest, LongRunsOfRepeatingRowsBrokenAnywhereGiveTheSameFeatures) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const DiagonalSearch s = searched(
      on_diagonals<V, I>(2000, 2000, {-600, -3, -2, -1, 0, 1, 2, 3, 5, 600}, [](std::int64_t i, std::int64_t d) {
        if (i >= 100 && i <= 140) return false;                   // empty rows
        if (i == 777 || i == 801) return d == 5 ? true : d != 2;  // the same length, another diagonal
        if (d == 5) return false;
        if (d == 600) return i < 1300 || i > 1333;  // shorter rows from 1300 to 1333
        return d != -3 || i % 37 != 0;             // a row of another length every 37
      }));
  EXPECT_EQ(s.features.K, 10);
  EXPECT_EQ(s.features.scatter_points, 0);
}

TYPED_TEST(DiagonalSearchTest, RunsAreCountedInsideTheSpanOnly) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // Full diagonals far from the main one: their spans start (-300) or end
  // (+300) 300 rows away from the matrix's edge, which is no zero run.
  const auto s = searched(on_diagonals<V, I>(1000, 1000, {-300, 0, 300}));
  EXPECT_EQ(s.features.longest_zero_run, 0);
  EXPECT_FALSE(s.features.label_lz);
  // The same in rectangular matrices: 1000 x 300 ends the main diagonal at row
  // 300, 300 x 1000 leaves diagonal +800 only 200 rows.
  EXPECT_EQ(searched(on_diagonals<V, I>(1000, 300, {0})).features.longest_zero_run, 0);
  EXPECT_EQ(searched(on_diagonals<V, I>(300, 1000, {0, 800})).features.longest_zero_run, 0);
}

TYPED_TEST(DiagonalSearchTest, FivePointStencilAtTheAlphaThreshold) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // On an L x L grid: offsets +-1, +-L with L <= delta = ceil(L^2 / 100) once
  // L >= 100; padding p_zero = 4L / (5 L^2) = 0.8 / L against alpha = 0.8 / 100.
  for (std::int64_t L : {100, 101, 128}) {
    SCOPED_TRACE(L);
    const DiagonalSearch s = searched(stencil_5pt<V, I>(L));
    EXPECT_EQ(s.features.K, 5);
    EXPECT_EQ(s.features.n_offset, 0);
    EXPECT_EQ(s.features.nnz, 5 * L * L - 4 * L);
    // L = 100 sits exactly on alpha: p_zero < alpha fails, so type III.
    EXPECT_EQ(s.type, L > 100 ? DiagonalType::dia : DiagonalType::brcsd2) << s.reason;
  }
  // On a small grid the offsets +-L lie beyond delta = ceil(L^2 / 100) (and the
  // padding 0.8 / L is above alpha): no small grid is type I. With no long run
  // and no scatter point it is type II.
  const DiagonalSearch small = searched(stencil_5pt<V, I>(10));
  EXPECT_EQ(small.features.delta, 1);
  EXPECT_EQ(small.features.n_offset, 2);
  EXPECT_EQ(small.type, DiagonalType::brcsd1) << small.reason;
}

TYPED_TEST(DiagonalSearchTest, PaddingExactlyAlphaIsNotTypeI) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // 1000 rows, offsets -4..5 (all within delta = 10): the spans leave 25
  // positions out; `holes` more on the main diagonal, 15 rows apart. alpha is
  // (1 - 1/10) / 100 = 0.9%, i.e. 90 missing of 10000. At exactly 90 the
  // padding is not below alpha, though p_zero < alpha holds in doubles.
  for (std::int64_t holes : {64, 65}) {
    SCOPED_TRACE(holes);
    const DiagonalSearch s = searched(on_diagonals<V, I>(1000, 1000, {-4, -3, -2, -1, 0, 1, 2, 3, 4, 5},
                                                         [holes](std::int64_t i, std::int64_t d) {
                                                           return d != 0 || i % 15 != 7 || i / 15 >= holes;
                                                         }));
    EXPECT_EQ(s.features.dia_stored - s.features.nnz, 25 + holes);
    EXPECT_EQ(s.features.n_offset, 0);
    EXPECT_EQ(s.type, 25 + holes < 90 ? DiagonalType::dia : DiagonalType::brcsd2) << s.reason;
  }
}

TYPED_TEST(DiagonalSearchTest, FarFullDiagonalsAreTypeIIAndAGapMakesThemTypeIII) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const std::int64_t n = 2000;
  const std::vector<std::int64_t> offsets{-n / 2, -1, 0, 1, n / 2};
  const DiagonalSearch full = searched(on_diagonals<V, I>(n, n, offsets));
  EXPECT_EQ(full.features.n_offset, 2);
  EXPECT_DOUBLE_EQ(full.features.p_offset, 2.0 / 5.0);
  EXPECT_EQ(full.features.brcsd1_stored, full.features.nnz);  // every span full
  EXPECT_EQ(full.type, DiagonalType::brcsd1) << full.reason;
  EXPECT_NE(full.reason.find("type II (brcsd1)"), std::string::npos) << full.reason;

  const DiagonalSearch gap = searched(on_diagonals<V, I>(n, n, offsets, [](std::int64_t i, std::int64_t d) {
    return d != n / 2 || i < 200 || i >= 500;
  }));
  EXPECT_TRUE(gap.features.label_lz);
  EXPECT_EQ(gap.type, DiagonalType::brcsd2) << gap.reason;
  EXPECT_NE(gap.reason.find("zero run of 300 rows on diagonal 1000"), std::string::npos) << gap.reason;
}

TYPED_TEST(DiagonalSearchTest, RandomSparseIsNotDiagonal) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  test::RandomShape shape;
  shape.rows = shape.cols = 2000;
  shape.density = 0.05;
  const auto m = test::random_csr<V, I>(shape);
  const DiagonalSearch s = diagonal_search(m.view());
  EXPECT_EQ(s.type, DiagonalType::none);
  EXPECT_GT(s.features.K, kMaxDiagonals);  // stopped early
  EXPECT_TRUE(s.features.offsets.empty());
  EXPECT_NE(s.reason.find("more than 1024 diagonals"), std::string::npos) << s.reason;

  // Sparser, so that the pass completes: scatter points everywhere, and
  // BRCSD-II's padding is refused by the byte guard.
  shape.rows = shape.cols = 300;
  shape.density = 0.01;
  const DiagonalSearch few = searched(test::random_csr<V, I>(shape));
  ASSERT_LE(few.features.K, kMaxDiagonals);
  EXPECT_TRUE(few.features.label_s);
  EXPECT_FALSE((cheaper_than_csr<V, I>(few.features.brcsd2_stored, few.features.nnz)));
  EXPECT_EQ(few.type, DiagonalType::none) << few.reason;
}

TYPED_TEST(DiagonalSearchTest, EmptyIsNotDiagonal) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (auto [rows, cols] : {std::pair<std::int64_t, std::int64_t>{0, 0}, {0, 5}, {5, 0}, {5, 5}}) {
    const auto m = on_diagonals<V, I>(rows, cols, {});
    const DiagonalSearch s = diagonal_search(m.view());
    EXPECT_EQ(s.type, DiagonalType::none);
    EXPECT_EQ(s.features.K, 0);
    EXPECT_EQ(s.reason, rows == 0 ? "not diagonal: no rows" : "not diagonal: no stored entries");
  }
}

TYPED_TEST(DiagonalSearchTest, RectangularSpansAreClippedByTheColumns) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // Tall 300 x 100: diagonal 0 spans rows 0..99, -150 rows 150..249, +50 rows 0..49.
  const auto tall = searched(on_diagonals<V, I>(300, 100, {-150, 0, 50}));
  EXPECT_EQ(tall.features.brcsd1_stored, 100 + 100 + 50);
  EXPECT_EQ(tall.features.dia_stored, 300 * 3);
  // Wide 100 x 300: -20 spans rows 20..99, +150 rows 0..99, +250 rows 0..49.
  const auto wide = searched(on_diagonals<V, I>(100, 300, {-20, 150, 250}));
  EXPECT_EQ(wide.features.brcsd1_stored, 80 + 100 + 50);
  EXPECT_EQ(wide.features.nnz, 230);
}

TYPED_TEST(DiagonalSearchTest, FeaturesMatchABruteForceCount) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    const std::int64_t rows = 200 + std::int64_t(rng() % 1500), cols = 200 + std::int64_t(rng() % 1500);
    std::vector<std::int64_t> offsets;
    const int far = 3 + int(rng() % 10);
    for (int j = 0; j < far; ++j) offsets.push_back(std::int64_t(rng() % (rows + cols - 1)) - (rows - 1));
    offsets.push_back(0);
    std::sort(offsets.begin(), offsets.end());
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
    // Each diagonal keeps 80-100% of its entries and loses a random row range
    // of up to 400 rows, or keeps a single entry.
    struct Rule {
      std::int64_t keep_per_mille, gap_begin, gap_length, single_row;
    };
    std::map<std::int64_t, Rule> rule;
    for (std::int64_t d : offsets)
      rule[d] = {800 + std::int64_t(rng() % 201), std::int64_t(rng() % rows), std::int64_t(rng() % 400),
                 rng() % 5 == 0 ? std::int64_t(rng() % rows) : -1};
    std::mt19937_64 keep_rng(trial);
    const auto m = on_diagonals<V, I>(rows, cols, offsets, [&](std::int64_t i, std::int64_t d) {
      const Rule& r = rule[d];
      if (r.single_row >= 0) return i == r.single_row;
      const bool in_gap = i >= r.gap_begin && i < r.gap_begin + r.gap_length;
      return !in_gap && std::int64_t(keep_rng() % 1000) < r.keep_per_mille;
    });
    SCOPED_TRACE(testing::Message() << "trial " << trial << ": " << rows << " x " << cols);
    searched(m);  // compares every feature
  }
}

TYPED_TEST(DiagonalSearchTest, UnsortedColumnsGiveTheSameResult) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const auto sorted = on_diagonals<V, I>(1500, 1200, {-700, -31, -1, 0, 1, 31, 400}, [](std::int64_t i, std::int64_t d) {
    return d != 400 || (i % 97 != 0 && (i < 300 || i > 700));
  });
  const DiagonalSearch a = searched(sorted);
  EXPECT_TRUE(a.features.rows_increase);
  for (std::uint64_t seed : {1, 2, 3}) {
    DiagonalSearch b = searched(shuffled(sorted, seed));
    // The one difference: the rows' columns no longer increase (which the
    // diagonal formats need, and learn from here).
    EXPECT_FALSE(b.features.rows_increase);
    b.features.rows_increase = true;
    expect_same_features(b.features, a.features);
    EXPECT_EQ(b.type, a.type);
    EXPECT_EQ(b.reason, a.reason);
  }
}

// Each row part meets at most 768 diagonals, all of them together 1536: the
// merge of the parts finds the matrix not diagonal, as one pass does.
TYPED_TEST(DiagonalSearchTest, TooManyDiagonalsOnlyTogether) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  OwnedCsr<V, I> m;
  m.rows = 512;
  m.cols = 4000;
  m.row_ptr.assign(1, 0);
  for (std::int64_t i = 0; i < 512; ++i) {
    const std::int64_t first = i < 256 ? 3 * i : 2000 + 3 * (i - 256);
    for (std::int64_t d = first; d < first + 3; ++d) {
      m.col_idx.push_back(I(i + d));
      m.values.push_back(V(1));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  for (int parts : {1, 2}) {
    const DiagonalSearch s = diagonal_search(m.view(), parts);
    EXPECT_EQ(s.type, DiagonalType::none) << parts;
    EXPECT_GT(s.features.K, kMaxDiagonals) << parts;
    EXPECT_TRUE(s.features.offsets.empty()) << parts;
    EXPECT_NE(s.reason.find("more than 1024 diagonals"), std::string::npos) << s.reason;
  }
}

TYPED_TEST(DiagonalSearchTest, ByteGuardRefusesPaddingBeyondCsr) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // A full tridiagonal plus 300 scatter points, each on its own diagonal: every
  // piece of BRCSD-II pads about 75 diagonals for a few entries.
  const std::int64_t n = 1000;
  std::vector<std::int64_t> offsets{-1, 0, 1};
  for (std::int64_t j = 0; j < 300; ++j) offsets.push_back(2 + j);
  const DiagonalSearch s = searched(on_diagonals<V, I>(n, n, offsets, [](std::int64_t i, std::int64_t d) {
    return d < 2 || i == (d * 37) % (n - d);
  }));
  EXPECT_TRUE(s.features.label_s);
  ASSERT_FALSE((cheaper_than_csr<V, I>(s.features.brcsd2_stored, s.features.nnz)));
  EXPECT_EQ(s.type, DiagonalType::none) << s.reason;
  EXPECT_NE(s.reason.find("would be type III (brcsd2)"), std::string::npos) << s.reason;
}

// A band (FEM-like: every row holds the diagonal and about a quarter of its
// 80 neighbours within +-40 columns) is refused by the byte guard; the verdict
// pass says so without the whole pass.
TYPED_TEST(DiagonalSearchTest, TheVerdictPassStopsWhereTheByteGuardIsCertain) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const std::int64_t n = 20000;
  std::mt19937 random(7);
  OwnedCsr<V, I> m;
  m.rows = m.cols = n;
  m.row_ptr.assign(1, 0);
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = std::max<std::int64_t>(0, i - 40); j <= std::min(n - 1, i + 40); ++j)
      if (j == i || random() % 4 == 0) {
        m.col_idx.push_back(I(j));
        m.values.push_back(V(1));
      }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  const DiagonalSearch whole = searched(m);
  ASSERT_EQ(whole.type, DiagonalType::none);
  ASSERT_LE(whole.features.K, kMaxDiagonals);
  EXPECT_NE(whole.reason.find("would be type"), std::string::npos) << whole.reason;
  for (int parts : {0, 1, 4}) {
    const DiagonalSearch v = diagonal_search(m.view(), parts, DiagonalPass::verdict);
    EXPECT_EQ(v.type, DiagonalType::none);
    EXPECT_GT(v.features.K, kMaxDiagonals);  // the mark of a pass that stopped
    EXPECT_TRUE(v.features.offsets.empty());
    EXPECT_NE(v.reason.find("search stopped early"), std::string::npos) << v.reason;
  }
}

TYPED_TEST(DiagonalSearchTest, ByteGuardDependsOnTheTypes) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // A full main diagonal and diagonals +-n/2 with one entry in four: type II,
  // BRCSD-I stores 2 n values for 1.25 n entries. 1.6 values per entry is at
  // most 9/10 of CSR's bytes (value + index per entry) where the index is at
  // least 7/9 of the value's size (16 V <= 9 (V + I)): not for double/int32,
  // complex<double> with either index, nor complex<float>/int32. n is large
  // enough for the layout to pass 4 MiB, beyond the few diagonals' allowance.
  const std::int64_t n = std::int64_t(1) << 20;
  const DiagonalSearch s = searched(on_diagonals<V, I>(n, n, {-n / 2, 0, n / 2}, [](std::int64_t i, std::int64_t d) {
    return d == 0 || i % 4 == 0;
  }));
  EXPECT_EQ(s.features.brcsd1_stored, 2 * n);
  EXPECT_EQ(s.features.nnz, n + n / 4);
  ASSERT_GT(2 * n * std::int64_t(sizeof(V)), std::int64_t(4) << 20);
  const bool fits = cheaper_than_csr<V, I>(2 * n, n + n / 4);
  EXPECT_EQ(fits, 7 * sizeof(V) <= 9 * sizeof(I));
  EXPECT_EQ(s.type, fits ? DiagonalType::brcsd1 : DiagonalType::none) << s.reason;

  // Exactly CSR's bytes for double/int32 (2 m values of 8 bytes, 4/3 m entries
  // of 12) is refused: the layout must store fewer.
  const std::int64_t m = 3 * (std::int64_t(1) << 19);
  const DiagonalSearch equal = searched(on_diagonals<V, I>(m, m, {-m / 2, 0, m / 2}, [](std::int64_t i, std::int64_t d) {
    return d == 0 || i % 3 == 0;
  }));
  EXPECT_EQ(equal.features.brcsd1_stored, 2 * m);
  EXPECT_EQ(equal.features.nnz, m + m / 3);
  EXPECT_EQ(equal.type, (cheaper_than_csr<V, I>(2 * m, m + m / 3)) ? DiagonalType::brcsd1 : DiagonalType::none)
      << equal.reason;
}

TYPED_TEST(DiagonalSearchTest, ByteGuardRefusesASavingUnderATenth) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // A full main diagonal and diagonal n/2 with an entry every `every` rows:
  // type II, BRCSD-I stores 1.5 n values (over 4 MiB). For double/int32 that
  // is 88.9% of CSR's bytes with an entry every 4 rows (taken), 94.1% every 8
  // (refused, as a real FEM matrix whose band layout kept 96% ran slower than
  // ipcsr).
  const std::int64_t n = std::int64_t(1) << 20;
  for (std::int64_t every : {4, 8}) {
    SCOPED_TRACE(every);
    const DiagonalSearch s = searched(on_diagonals<V, I>(n, n, {0, n / 2}, [every](std::int64_t i, std::int64_t d) {
      return d == 0 || i % every == 0;
    }));
    EXPECT_EQ(s.features.brcsd1_stored, n + n / 2);
    EXPECT_EQ(s.features.nnz, n + n / 2 / every);
    ASSERT_GT((n + n / 2) * std::int64_t(sizeof(V)), std::int64_t(4) << 20);
    const bool fits = cheaper_than_csr<V, I>(s.features.brcsd1_stored, s.features.nnz);
    EXPECT_EQ(s.type, fits ? DiagonalType::brcsd1 : DiagonalType::none) << s.reason;
    if (sizeof(V) == 8 && sizeof(I) == 4) EXPECT_EQ(fits, every == 4);
    if (!fits) EXPECT_NE(s.reason.find("more than 90% of CSR's"), std::string::npos) << s.reason;
  }
}

// Few diagonals in a small layout may store up to 25/10 of CSR's bytes
// (kFewDiagonals): a main diagonal and k - 1 far ones with an entry every 4
// rows, BRCSD-I storing about 2.9 values an entry, is taken with 16 diagonals
// and refused with 17, and refused at 16 once its values pass 4 MiB.
TYPED_TEST(DiagonalSearchTest, FewDiagonalsInASmallLayoutMayStoreMoreThanCsr) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const auto far_band = [](std::int64_t n, std::int64_t k) {
    std::vector<std::int64_t> offsets{0};
    for (std::int64_t j = 1; j < k; ++j) offsets.push_back(n / 2 + j);
    return on_diagonals<V, I>(n, n, offsets, [](std::int64_t i, std::int64_t d) { return d == 0 || i % 4 == 0; });
  };
  for (std::int64_t k : {std::int64_t(16), std::int64_t(17)}) {
    SCOPED_TRACE(k);
    const DiagonalSearch s = searched(far_band(4096, k));
    const DiagonalFeatures& f = s.features;
    ASSERT_EQ(f.K, k);
    ASSERT_FALSE((cheaper_than_csr<V, I>(f.brcsd1_stored, f.nnz)));
    const bool taken = few_diagonals_in_l2<V, I>(f.brcsd1_stored, f.nnz, f.K);
    EXPECT_EQ(s.type, taken ? DiagonalType::brcsd1 : DiagonalType::none) << s.reason;
    if (sizeof(V) == 8 && sizeof(I) == 4) EXPECT_EQ(taken, k == 16);
    if (taken) EXPECT_NE(s.reason.find("taken for few diagonals in L2"), std::string::npos) << s.reason;
    if (!taken)
      EXPECT_NE(s.reason.find("250% with at most 16 diagonals in at most 4 MiB"), std::string::npos) << s.reason;
  }
  const std::int64_t large = std::int64_t(1) << 20;
  const DiagonalSearch s = searched(far_band(large, 16));
  ASSERT_GT(s.features.brcsd1_stored * std::int64_t(sizeof(V)), std::int64_t(4) << 20);
  EXPECT_EQ(s.type, DiagonalType::none) << s.reason;
}

TYPED_TEST(DiagonalSearchTest, ByteGuardCountsTheChosenLayout) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // One piece of 256 rows with six short far diagonals: type II. BRCSD-I
  // stores their spans, nothing more; BRCSD-II would pad each to 256 rows.
  const DiagonalSearch s = searched(on_diagonals<V, I>(256, 256, {-240, -220, -200, 0, 200, 220, 240}));
  EXPECT_EQ(s.features.brcsd1_stored, s.features.nnz);
  EXPECT_EQ(s.features.brcsd2_stored, 256 * 7);
  ASSERT_FALSE((cheaper_than_csr<V, I>(s.features.brcsd2_stored, s.features.nnz)));
  EXPECT_EQ(s.type, DiagonalType::brcsd1) << s.reason;
}

TYPED_TEST(DiagonalSearchTest, DuplicateColumnsAreEntries) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // check_csr accepts a column twice in a row: a diagonal whose only position
  // is stored twice holds two entries, so it is no scatter point.
  auto m = on_diagonals<V, I>(600, 600, {0, 1, 300}, [](std::int64_t i, std::int64_t d) { return d < 300 || i == 7; });
  const std::int64_t at = m.row_ptr[7 + 1] - 1;  // row 7's entry on diagonal 300
  ASSERT_EQ(std::int64_t(m.col_idx[at]), 307);
  m.col_idx.insert(m.col_idx.begin() + at, I(307));
  m.values.insert(m.values.begin() + at, V(1));
  for (std::size_t r = 8; r < m.row_ptr.size(); ++r) ++m.row_ptr[r];
  const DiagonalSearch s = searched(m);
  EXPECT_EQ(s.features.nnz, 1199 + 2);
  EXPECT_FALSE(s.features.label_s);
  EXPECT_EQ(s.features.longest_zero_run, 292);  // rows 8..299 of diagonal 300's span
}

TYPED_TEST(DiagonalSearchTest, MaxDiagonalsIsTheLastAccepted) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // One dense row: each entry is a diagonal of its own.
  for (std::int64_t k : {kMaxDiagonals, kMaxDiagonals + 1}) {
    test::RandomShape shape;
    shape.rows = 1;
    shape.cols = k;
    shape.dense_rows = 1;
    const DiagonalSearch s = diagonal_search(test::random_csr<V, I>(shape).view());
    EXPECT_EQ(s.features.K, k);
    EXPECT_EQ(s.features.offsets.size(), k <= kMaxDiagonals ? std::size_t(k) : 0u);
    EXPECT_EQ(s.type == DiagonalType::none, k > kMaxDiagonals) << s.reason;
  }
}

TYPED_TEST(DiagonalSearchTest, ColumnOutsideTheMatrixThrows) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  auto m = on_diagonals<V, I>(4, 4, {0});
  m.col_idx[2] = I(4);
  try {
    diagonal_search(m.view());
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
  }
}

// A piece of BRCSD-II holds at least as many diagonals as its longest row
// has entries, so the verdict pass counts the rows it has not read yet. Here
// every piece opens with a row of 128 entries, the others have 2: what row 0
// shows with that bound refuses the matrix there, while the diagonals seen in
// the first piece (128 of 256 rows, 32768 values, against the guard's 34452
// for double/int32) do not. A column outside the matrix in row 200 tells the
// two apart: the whole pass reads it and throws, the verdict stops before it.
TEST(DiagonalSearch, TheVerdictPassBoundsTheRowsItHasNotRead) {
  const std::int64_t n = 40 * kBrcsd2PieceRows;
  OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = n;
  m.row_ptr.assign(1, 0);
  for (std::int64_t i = 0; i < n; ++i) {
    const bool opens_piece = i % kBrcsd2PieceRows == 0;
    for (std::int64_t j = i; j < std::min(n, i + (opens_piece ? 128 : 2)); ++j) {
      m.col_idx.push_back(std::int32_t(i == 200 && j == i + 1 ? n : j));
      m.values.push_back(1.0);
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  ASSERT_LT(128 * kBrcsd2PieceRows * 10 * std::int64_t(sizeof(double)),
            kDiagonalByteShareTenths * std::int64_t(m.col_idx.size()) * 12);  // the first piece's count passes the guard
  EXPECT_THROW(diagonal_search(m.view()), Error);
  for (int parts : {0, 1}) {
    const DiagonalSearch v = diagonal_search(m.view(), parts, DiagonalPass::verdict);
    EXPECT_EQ(v.type, DiagonalType::none);
    EXPECT_NE(v.reason.find("search stopped early"), std::string::npos) << v.reason;
  }
}

TEST(DiagonalSearch, TypeNamesAreDistinct) {
  const std::set<std::string> names{diagonal_type_name(DiagonalType::none), diagonal_type_name(DiagonalType::dia),
                                    diagonal_type_name(DiagonalType::brcsd1), diagonal_type_name(DiagonalType::brcsd2)};
  EXPECT_EQ(names.size(), 4u);
  EXPECT_EQ(std::string(diagonal_type_name(DiagonalType::none)), "not diagonal");
}

}  // namespace
}  // namespace aijadaptive
