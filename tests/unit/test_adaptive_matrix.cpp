// The adaptive matrix on the host: the CSR reference kernel with no format
// analysed, refill, misuse; the analysis a GPU matrix starts from (features,
// the reordering decision, where the diagonal search runs); the reordering wrapper's host half around every
// format.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/reordered_format.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <set>

#include "irregular_csr.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

MatrixOptions host_only() {
  MatrixOptions o;
  o.force_host = true;
  return o;
}

// An extra candidate that counts how often the chain asked for it.
template <class V, class I>
ExtraCandidate<V, I> counting_candidate(int* made) {
  return {"counted", [made](const FormatContext&) -> std::unique_ptr<HostFormat<V, I>> {
            ++*made;
            return std::make_unique<CsrHostFormat<V, I>>();
          }};
}

TEST(AdaptiveMatrix, OnTheHostTheProductsAreTheCsrReferenceAndNoFormatIsAnalysed) {
  auto m = test::random_csr<double, std::int32_t>({300, 250, 0.05, 0.1, 1, 21});
  for (FormatChoice choice : {FormatChoice::automatic_choice(), FormatChoice::fixed(FormatId::ipcsr)}) {
    MatrixOptions o = host_only();
    o.format = choice;
    AdaptiveMatrix<double, std::int32_t> a(o);
    int made = 0;
    a.set_extra_candidates({counting_candidate<double, std::int32_t>(&made)});
    a.build(m.view());
    EXPECT_EQ(made, 0) << "a format was analysed for a matrix on the host";
    EXPECT_EQ(a.placement(), Placement::host);
    EXPECT_NE(a.placement_reason().find("requested"), std::string::npos) << a.placement_reason();
    EXPECT_EQ(a.format_name(), "csr");
    EXPECT_TRUE(a.skipped().empty());
    EXPECT_TRUE(a.describe().empty());
    EXPECT_EQ(a.features().nnz, m.view().nnz());
    EXPECT_LT(a.features().gather_sector_ratio, 0.0);  // not measured: nothing to choose
    EXPECT_EQ(a.device_bytes(), 0u);
    EXPECT_EQ(a.device(), -1);
    // A^H of real values is A^T (the reference conjugates nothing).
    for (Op op : {Op::plain, Op::transpose, Op::conjugate_transpose}) {
      const bool t = op != Op::plain;
      const auto x = test::random_vector<double>(t ? 300 : 250, 22);
      for (auto [alpha, beta] : {std::pair{1.0, 0.0}, {1.0, 1.0}, {2.0, 0.5}}) {
        auto y = test::random_vector<double>(t ? 250 : 300, 23), expect = y;
        a.apply(op, alpha, {x.data()}, beta, {y.data()});
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
        EXPECT_EQ(y, expect);
      }
    }
  }
}

#if AIJADAPTIVE_HAVE_COMPLEX
TEST(AdaptiveMatrix, OnTheHostComplexProductsMatchTheDenseOracleAndAHConjugates) {
  using V = std::complex<double>;
  auto m = test::random_csr<V, std::int64_t>({120, 90, 0.08, 0.1, 1, 24});
  AdaptiveMatrix<V, std::int64_t> a(host_only());
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::host);
  for (Op op : {Op::plain, Op::transpose, Op::conjugate_transpose}) {
    const bool t = op != Op::plain;
    const auto x = test::random_vector<V>(t ? 120 : 90, 25);
    const auto y0 = test::random_vector<V>(t ? 90 : 120, 26);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(0.5, -2), V(-1, 0.25)}}) {
      auto y = y0;
      a.apply(op, alpha, {x.data()}, beta, {y.data()});
      const auto expect = test::dense_apply(m.view(), t, alpha, x, beta, y0, op == Op::conjugate_transpose);
      const double bound = test::error_bound(m.view(), t, alpha, x, beta, y0);
      for (std::size_t r = 0; r < y.size(); ++r)
        ASSERT_LE(test::distance(y[r], expect[r]), bound) << "op " << int(op) << " row " << r;
    }
  }
  // A^H x and A^T x differ (the matrix's entries have imaginary parts), so
  // the check above would have caught a lost conjugation.
  const auto x = test::random_vector<V>(120, 27);
  std::vector<V> yt(90), yh(90);
  a.apply(Op::transpose, V(1), {x.data()}, V(0), {yt.data()});
  a.apply(Op::conjugate_transpose, V(1), {x.data()}, V(0), {yh.data()});
  double differ = 0;
  for (std::size_t r = 0; r < yt.size(); ++r) differ = std::max(differ, test::distance(yt[r], yh[r]));
  EXPECT_GT(differ, 0.1);
}
#endif

TEST(AdaptiveMatrix, RefillTakesNewValuesAndRejectsANewPattern) {
  auto m = test::random_csr<double, std::int32_t>({100, 100, 0.05, 0, 0, 31});
  AdaptiveMatrix<double, std::int32_t> a(host_only());
  a.build(m.view());
  for (auto& v : m.values) v *= -3;
  a.refill(m.view());
  const auto x = test::random_vector<double>(100, 32);
  std::vector<double> y(100), expect(100);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  EXPECT_EQ(y, expect);
  auto other = test::random_csr<double, std::int32_t>({100, 100, 0.2, 0, 0, 33});
  EXPECT_THROW(a.refill(other.view()), Error);
}

TEST(AdaptiveMatrix, MisuseIsReportedNotCrashed) {
  AdaptiveMatrix<double, std::int32_t> a(host_only());
  std::vector<double> x(4), y(4);
  EXPECT_THROW(a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()}), Error);
  EXPECT_THROW(a.upload(), Error);
  auto m = test::random_csr<double, std::int32_t>({4, 4, 0.5, 0, 0, 41});
  a.build(m.view());
  try {
    a.apply(Op::plain, 1.0, {x.data(), MemSpace::device}, 0.0, {y.data()});
    FAIL() << "device vectors were accepted by a host matrix";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
  }
}

TEST(AdaptiveMatrix, WithoutAGpuItSaysWhyItRunsOnTheHost) {
  if (device_count() > 0) GTEST_SKIP() << "a GPU is present (" << device_status() << ")";
  auto m = test::random_csr<float, std::int64_t>({50, 60, 0.1, 0, 0, 51});
  AdaptiveMatrix<float, std::int64_t> a;  // not forced: would use a GPU if there were one
  int made = 0;
  a.set_extra_candidates({counting_candidate<float, std::int64_t>(&made)});
  a.build(m.view());
  EXPECT_EQ(made, 0);
  EXPECT_EQ(a.placement(), Placement::host);
  EXPECT_EQ(a.placement_reason().rfind("host: ", 0), 0u);
  EXPECT_NE(a.placement_reason().find(built_with_cuda() ? "CUDA device" : "without CUDA"), std::string::npos)
      << a.placement_reason();
}

// ---- the analysis of a GPU matrix: reordering decided by the selector -------------

// A 2D 5-point grid of n x n with its unknowns numbered at random: scattered
// columns, the case the reordering is for.
// With `block`, numbered at random only within blocks of that many nodes (a
// mesh numbered piece by piece, as gen:fem does).
test::OwnedCsr<double, std::int32_t> shuffled_grid(int n, std::uint64_t seed, std::size_t block = SIZE_MAX) {
  std::vector<std::int32_t> label(std::size_t(n) * n);
  for (std::size_t i = 0; i < label.size(); ++i) label[i] = std::int32_t(i);
  std::mt19937_64 rng(seed);
  for (std::size_t b = 0; b < label.size(); b += std::min(block, label.size()))
    std::shuffle(label.begin() + std::ptrdiff_t(b), label.begin() + std::ptrdiff_t(std::min(label.size(), b + block)),
                 rng);
  std::vector<std::vector<std::pair<std::int32_t, double>>> rows(label.size());
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const std::int32_t i = label[std::size_t(y) * n + x];
      for (auto [dx, dy] : {std::pair{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}})
        if (x + dx >= 0 && x + dx < n && y + dy >= 0 && y + dy < n)
          rows[std::size_t(i)].push_back({label[std::size_t(y + dy) * n + x + dx], value(rng)});
    }
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = std::int32_t(label.size());
  m.row_ptr.assign(1, 0);
  for (auto& r : rows) {
    std::sort(r.begin(), r.end());
    for (auto [c, v] : r) {
      m.col_idx.push_back(c);
      m.values.push_back(v);
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  return m;
}

// n x n with `per_row` columns drawn at random in each row (sorted, repeats merged).
test::OwnedCsr<double, std::int32_t> random_columns(std::int32_t n, int per_row, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int32_t> column(0, n - 1);
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = n;
  m.row_ptr.assign(1, 0);
  for (std::int32_t i = 0; i < n; ++i) {
    std::vector<std::int32_t> cols(static_cast<std::size_t>(per_row));
    for (auto& c : cols) c = column(rng);
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (std::int32_t c : cols) {
      m.col_idx.push_back(c);
      m.values.push_back(1.0 + double(c % 7));
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  return m;
}

TEST(Analysis, AutoKeepsRcmOnlyWhenItMakesTheGathersLocal) {
  const FormatChoice any = FormatChoice::automatic_choice();
  // Large enough (>= 1M nonzeros) for the automatic rule. A shuffled grid:
  // RCM recovers a banded matrix with far fewer x sectors per nonzero.
  const auto grid = shuffled_grid(500, 7);  // 250k rows, 1.25M nonzeros
  const auto g = analyse_matrix(grid.view(), any, ReorderChoice::automatic);
  EXPECT_GT(g.features.gather_sector_ratio, 0.8);
  EXPECT_LT(g.features.rcm_gather_sector_ratio, 0.7 * g.features.gather_sector_ratio);
  EXPECT_TRUE(g.selection.reorder) << g.selection.reorder_reason;
  ASSERT_TRUE(g.reordering);
  EXPECT_EQ(g.reordering->matrix.size(), grid.rows);
  EXPECT_NE(g.selection.reorder_reason.find("after RCM"), std::string::npos) << g.selection.reorder_reason;
  // Numbered at random throughout: RCM confined to windows would leave the
  // windows' neighbours scattered, so the whole matrix is reordered.
  EXPECT_EQ(g.features.rcm_window, 0);
  EXPECT_EQ(g.reordering->permutation.window, 0);
  EXPECT_EQ(g.selection.reorder_reason.find("windows"), std::string::npos) << g.selection.reorder_reason;
  // Random columns have no local order: RCM cannot help, and auto says so.
  const auto random = random_columns(20000, 60, 8);
  ASSERT_GE(random.view().nnz(), 1000000);
  const auto r = analyse_matrix(random.view(), any, ReorderChoice::automatic);
  EXPECT_GE(r.features.rcm_gather_sector_ratio, 0.0);  // computed, then refused
  EXPECT_FALSE(r.selection.reorder);
  EXPECT_FALSE(r.reordering);
  EXPECT_NE(r.selection.reorder_reason.find("not reordered"), std::string::npos) << r.selection.reorder_reason;
  // never: not even computed.
  const auto c = analyse_matrix(grid.view(), any, ReorderChoice::never);
  EXPECT_LT(c.features.rcm_gather_sector_ratio, 0.0);
  EXPECT_FALSE(c.selection.reorder);
  EXPECT_TRUE(c.selection.reorder_reason.empty()) << c.selection.reorder_reason;
  // A small matrix is not worth the check.
  const auto small = analyse_matrix(shuffled_grid(40, 9).view(), any, ReorderChoice::automatic);
  EXPECT_LT(small.features.rcm_gather_sector_ratio, 0.0);
  EXPECT_FALSE(small.selection.reorder);
}

// A grid numbered at random only within blocks of the first window's size:
// RCM confined to windows of that size gathers no more sectors than RCM over
// the whole matrix, and keeps every index in its window.
TEST(Analysis, RcmWithinWindowsWhereTheNumberingIsLocalAlready) {
  const std::int64_t window = kRcmWindows.front();
  ASSERT_EQ(window, 4096);  // the words below
  const auto grid = shuffled_grid(500, 7, std::size_t(window));
  const auto g = analyse_matrix(grid.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic);
  EXPECT_GT(g.features.gather_sector_ratio, 0.5);
  ASSERT_TRUE(g.selection.reorder) << g.selection.reorder_reason;
  EXPECT_EQ(g.features.rcm_window, window);
  ASSERT_TRUE(g.reordering);
  const Permutation<std::int32_t>& p = g.reordering->permutation;
  EXPECT_EQ(p.window, window);
  for (std::int64_t i = 0; i < p.size(); ++i)
    ASSERT_EQ(p.new_to_old[std::size_t(i)] / window, i / window) << "new row " << i;
  const Permutation<std::int32_t> global = rcm_order(grid.view());
  EXPECT_LE(g.features.rcm_gather_sector_ratio, gather_sector_ratio(grid.view(), global));
  EXPECT_NE(g.selection.reorder_reason.find("RCM within windows of 4096 rows"), std::string::npos)
      << g.selection.reorder_reason;
  // The reordered matrix is the one of that permutation.
  const auto b = permute_symmetric(grid.view(), p);
  EXPECT_EQ(g.reordering->matrix.col_idx, b.col_idx);
  // Asked for by name, the same choice.
  const auto always = analyse_matrix(grid.view(), FormatChoice::fixed(FormatId::ipcsr), ReorderChoice::always);
  EXPECT_EQ(always.reordering->permutation.window, window);
  EXPECT_NE(always.selection.reorder_reason.find("within windows of 4096 rows) as requested"), std::string::npos)
      << always.selection.reorder_reason;
}

// Pieces that do not line up with the smallest window: the analysis keeps the
// first window, smallest first, whose gathers touch no more sectors than RCM
// over the whole matrix, else that one (window 0).
TEST(Analysis, TheFirstWindowThatGathersNoMoreSectorsThanRcm) {
  std::set<std::int64_t> chosen;
  for (std::size_t block : {std::size_t(1500), std::size_t(5000), SIZE_MAX}) {
    const auto grid = shuffled_grid(500, 11, block);
    const Permutation<std::int32_t> global = rcm_order(grid.view());
    const double global_ratio = gather_sector_ratio(grid.view(), global);
    std::int64_t expect = 0;
    for (std::int64_t window : kRcmWindows)
      if (grid.rows > window && gather_sector_ratio(grid.view(), windowed_order(global, window)) <= global_ratio) {
        expect = window;
        break;
      }
    const auto a = analyse_matrix(grid.view(), FormatChoice::fixed(FormatId::ipcsr), ReorderChoice::always);
    EXPECT_EQ(a.features.rcm_window, expect) << "pieces of " << block;
    ASSERT_TRUE(a.reordering);
    EXPECT_EQ(a.reordering->permutation.window, expect);
    EXPECT_LE(a.features.rcm_gather_sector_ratio, global_ratio);
    chosen.insert(expect);
    std::printf("pieces of %s nodes: window %lld (x sectors per nonzero %.3f, RCM %.3f)\n",
                block == SIZE_MAX ? "all" : std::to_string(block).c_str(), (long long)expect,
                a.features.rcm_gather_sector_ratio, global_ratio);
  }
  // Pieces of 1500 nodes: windows of 4096 rows; numbered at random throughout: the whole grid.
  EXPECT_EQ(chosen, (std::set<std::int64_t>{0, kRcmWindows.front()}));
}

TEST(Analysis, TheDiagonalSearchRunsOnlyWhereItsAnswerIsUsed) {
  // Tridiagonal, 2000 rows: type I (dia) for the search engine.
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = 2000;
  for (std::int32_t i = 0; i < m.rows; ++i) {
    for (std::int32_t j = std::max(0, i - 1); j <= std::min(m.cols - 1, i + 1); ++j) {
      m.col_idx.push_back(j);
      m.values.push_back(1.0);
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  const auto automatic = analyse_matrix(m.view(), FormatChoice{}, ReorderChoice::never);
  EXPECT_EQ(automatic.features.diagonal_type, DiagonalType::dia) << automatic.features.diagonal_reason;
  EXPECT_EQ(automatic.selection.candidates.front().format, FormatId::dia);
  // A diagonal format asked for by name reuses the search's offsets.
  const auto brcsd1 = analyse_matrix(m.view(), FormatChoice::fixed(FormatId::brcsd1), ReorderChoice::never);
  EXPECT_EQ(brcsd1.features.diagonal_offsets, (std::vector<std::int64_t>{-1, 0, 1}));
  // A CSR format asked for by name: no search.
  for (FormatId id : {FormatId::csr, FormatId::ipcsr}) {
    const auto fixed = analyse_matrix(m.view(), FormatChoice::fixed(id), ReorderChoice::never);
    EXPECT_EQ(fixed.features.diagonal_type, DiagonalType::none);
    EXPECT_TRUE(fixed.features.diagonal_offsets.empty());
    EXPECT_EQ(fixed.features.diagonal_reason.rfind("not searched", 0), 0u) << fixed.features.diagonal_reason;
  }
}

// From 2 x 2^16 rows on, the row lengths' features come from parts of the
// rows on the machine's threads: the same counts, and the squares summed
// exactly, as one pass over the rows gives them.
TEST(Analysis, RowLengthFeaturesOnThreadsAreThoseOfOnePass) {
  const std::int64_t n = 600000;
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(n));
  for (std::int64_t r = 0; r < n; ++r) lengths[std::size_t(r)] = (r * 7919) % 6;
  lengths[123457] = 900;
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 1000, 3);
  double sum = 0, squares = 0;
  std::int64_t empty = 0;
  for (const std::int64_t len : lengths) {
    sum += double(len);
    squares += double(len) * double(len);  // exact: integers below 2^53
    empty += len == 0;
  }
  const Features f = compute_features(m.view(), FeatureSet::row_lengths);
  EXPECT_EQ(f.nnz, std::int64_t(sum));
  EXPECT_EQ(f.empty_rows, empty);
  EXPECT_EQ(f.min_row, 0);
  EXPECT_EQ(f.max_row, 900);
  EXPECT_DOUBLE_EQ(f.mean_row, sum / double(n));
  const double mean = sum / double(n);
  EXPECT_NEAR(f.row_cv, std::sqrt(squares / double(n) - mean * mean) / mean, 1e-12);
  EXPECT_LT(f.gather_sector_ratio, 0.0);  // row lengths only
}

// A matrix of 2^32 entries or more sums its rows' squares in 128 bits (64
// would wrap): the row pointers alone, the entries never read for the row
// lengths' features. Two rows of 2^32 entries: squares 2^65 in all.
TEST(Analysis, RowLengthSquaresOfAMatrixOfMoreThan2To32EntriesDoNotWrap) {
  const std::int64_t big = std::int64_t(1) << 32;
  const std::vector<std::int64_t> row_ptr{0, big, big, 2 * big};
  CsrView<double, std::int64_t> a;
  a.rows = 3;
  a.cols = big;
  a.row_ptr = row_ptr.data();
  const Features f = compute_features(a, FeatureSet::row_lengths);
  EXPECT_EQ(f.nnz, 2 * big);
  EXPECT_EQ(f.empty_rows, 1);
  EXPECT_EQ(f.max_row, big);
  const double mean = 2.0 * double(big) / 3.0;
  // Squares' mean 2^65 / 3; wrapped in 64 bits they would sum to 0 and the
  // variance clamp to 0.
  EXPECT_NEAR(f.row_cv, std::sqrt(std::ldexp(1.0, 65) / 3.0 - mean * mean) / mean, 1e-12);
  EXPECT_GT(f.row_cv, 0.7);
}

// The repeated rows' share counted on threads (each of 2^16 compared entries
// at least): rows of three-row nodes share their columns, so rows 1, 2, 4, 5,
// ... repeat the row before, every row compared (fewer than 2^17 + 1 rows).
TEST(Analysis, RepeatedRowsOnThreadsAreThoseOfOnePass) {
  const std::int32_t n = 120000;
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = n;
  for (std::int32_t i = 0; i < n; ++i) {
    const std::int32_t node = i / 3;
    for (std::int32_t c : {node, node + n / 3, node + 2 * (n / 3)}) {
      m.col_idx.push_back(c);
      m.values.push_back(1.0);
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  std::int64_t repeating = 0;
  for (std::int32_t i = 1; i < n; ++i) repeating += i % 3 != 0;
  EXPECT_DOUBLE_EQ(compute_features(m.view()).repeated_rows, double(repeating) / double(n - 1));
}

// The x-gather ratio and the repeated rows cost more than cuSPARSE's whole
// set-up of a mid-size matrix; only the rules for large matrices read them.
TEST(Analysis, SampledFeaturesAreMeasuredOnlyWhereARuleReadsThem) {
  const auto tridiagonal = [](std::int32_t n) {
    test::OwnedCsr<double, std::int32_t> m;
    m.rows = m.cols = n;
    for (std::int32_t i = 0; i < n; ++i) {
      for (std::int32_t j = std::max(0, i - 1); j <= std::min(n - 1, i + 1); ++j) {
        m.col_idx.push_back(j);
        m.values.push_back(1.0);
      }
      m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
    }
    return m;
  };
  const auto small = tridiagonal(2000);
  const auto measured = compute_features(small.view());
  EXPECT_GE(measured.gather_sector_ratio, 0.0);
  EXPECT_GE(measured.repeated_rows, 0.0);
  EXPECT_FALSE(wants_sampled_features(measured));
  const auto automatic = analyse_matrix(small.view(), FormatChoice{}, ReorderChoice::automatic);
  EXPECT_LT(automatic.features.gather_sector_ratio, 0.0);
  EXPECT_LT(automatic.features.repeated_rows, 0.0);
  EXPECT_EQ(automatic.features.row_cv, measured.row_cv);
  for (const Candidate& c : automatic.selection.candidates)
    EXPECT_EQ(c.reason.find("x sectors"), std::string::npos) << c.reason;
  // From a million entries on the rules read it: measured as by FeatureSet::all.
  const auto large = tridiagonal(400000);
  const auto all = compute_features(large.view());
  ASSERT_TRUE(wants_sampled_features(all));
  const auto selector = compute_features(large.view(), FeatureSet::for_selector);
  EXPECT_EQ(selector.gather_sector_ratio, all.gather_sector_ratio);
  EXPECT_EQ(selector.repeated_rows, all.repeated_rows);
  EXPECT_GT(all.gather_sector_ratio, 0.0);
  const auto analysed = analyse_matrix(large.view(), FormatChoice{}, ReorderChoice::automatic);
  EXPECT_EQ(analysed.features.gather_sector_ratio, all.gather_sector_ratio);
  // A fixed format: only the reordering rule may read the ratio, and only with
  // reorder auto on a square matrix of regular rows (as this one).
  const FormatChoice fixed = FormatChoice::fixed(FormatId::segspmv);
  const auto may_reorder = analyse_matrix(large.view(), fixed, ReorderChoice::automatic);
  EXPECT_EQ(may_reorder.features.gather_sector_ratio, all.gather_sector_ratio);
  for (ReorderChoice told : {ReorderChoice::never, ReorderChoice::always}) {
    const auto r = analyse_matrix(large.view(), fixed, told);
    EXPECT_LT(r.features.gather_sector_ratio, 0.0) << reorder_choice_name(told);
    EXPECT_LT(r.features.repeated_rows, 0.0) << reorder_choice_name(told);
    EXPECT_EQ(r.features.row_cv, all.row_cv);
  }
  // Irregular rows (row cv above 2): a fixed format is not reordered by the
  // rule, so nothing is sampled; auto's rules for them read the ratio.
  std::vector<std::int64_t> lengths(300000, 3);
  for (std::size_t i = 0; i < lengths.size(); i += 15000) lengths[i] = 20000;
  const auto irregular = test::csr_of_lengths<double, std::int32_t>(lengths, 300000, 5);
  const auto irregular_fixed = analyse_matrix(irregular.view(), fixed, ReorderChoice::automatic);
  ASSERT_GE(irregular_fixed.features.nnz, 1000000);
  ASSERT_GT(irregular_fixed.features.row_cv, 2.0);
  EXPECT_LT(irregular_fixed.features.gather_sector_ratio, 0.0);
  EXPECT_LT(irregular_fixed.features.repeated_rows, 0.0);
  const auto irregular_auto = analyse_matrix(irregular.view(), FormatChoice{}, ReorderChoice::automatic);
  EXPECT_GE(irregular_auto.features.gather_sector_ratio, 0.0);
}

TEST(Analysis, RectangularMatricesAreNeverReordered) {
  const auto m = test::random_csr<double, std::int32_t>({300, 250, 0.05, 0.1, 1, 21});
  const auto a = analyse_matrix(m.view(), FormatChoice::fixed(FormatId::ipcsr), ReorderChoice::always);
  EXPECT_FALSE(a.selection.reorder);
  EXPECT_FALSE(a.reordering);
  const auto sq = analyse_matrix(shuffled_grid(20, 3).view(), FormatChoice::fixed(FormatId::ipcsr),
                                 ReorderChoice::always);
  EXPECT_TRUE(sq.selection.reorder);
  EXPECT_NE(sq.selection.reorder_reason.find("reordered (RCM) as requested"), std::string::npos);
}

// ---- the reordering wrapper's host half, around every format ----------------------

// The wrapper around `format` built on m, or null when the format refuses the
// reordered matrix: B = P A P^T keeps each row's entries in A's order (so
// that CSR sums stay bit for bit), and the diagonal formats need increasing
// columns; they refuse as unsupported, the fallback chain's cue.
template <class V, class I>
std::unique_ptr<ReorderedHostFormat<V, I>> reordered(const test::OwnedCsr<V, I>& m, FormatId format,
                                                     std::int64_t window = 0) {
  auto r = std::make_shared<Reordering<V, I>>();
  r->permutation = rcm_order(m.view());
  if (window > 0) r->permutation = windowed_order(r->permutation, window);
  r->matrix = permute_symmetric(m.view(), r->permutation);
  FormatContext ctx;
  auto f = std::make_unique<ReorderedHostFormat<V, I>>(r, make_host_format<V, I>(format, ctx));
  try {
    f->build(m.view());
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::unsupported) << e.what();
    const bool diagonal = format == FormatId::dia || format == FormatId::brcsd1 || format == FormatId::brcsd2;
    EXPECT_TRUE(diagonal) << format_name(format) << " refused: " << e.what();
    return nullptr;
  }
  return f;
}

// Whether a format's host kernel sums each row in A's order, which gives the
// same bits as CSR: all but argcsr, which splits rows over threads and adds
// their pieces by a tree, and segspmv, which adds a row's segment sums (L = 2
// for these rows of 5); both within the error bound of CSR.
bool sums_rows_in_order(FormatId format) { return format != FormatId::argcsr && format != FormatId::segspmv; }

TEST(ReorderedFormat, ProductsInTheCallersNumberingBitForBitForThePlainProduct) {
  const auto m = shuffled_grid(40, 3);
  for (FormatId format : all_formats()) {
    SCOPED_TRACE(format_name(format));
    const auto f = reordered(m, format);
    if (!f) continue;
    EXPECT_EQ(f->csr().row_ptr, m.view().row_ptr);  // the caller's matrix
    EXPECT_GT(f->extra_host_bytes(), m.values.size() * (sizeof(double) + sizeof(std::int32_t)));
    EXPECT_EQ(f->capabilities().transpose, f->inner().capabilities().transpose);
    EXPECT_FALSE(f->capabilities().row_map);
    EXPECT_FALSE(f->describe().empty());
    for (Op op : {Op::plain, Op::transpose}) {
      if (op == Op::transpose && !f->capabilities().transpose) continue;
      const auto x = test::random_vector<double>(1600, 41);
      const auto y0 = test::random_vector<double>(1600, 42);
      for (auto [alpha, beta] : {std::pair{1.0, 0.0}, {1.0, 1.0}, {-2.5, 0.5}}) {
        auto y = y0, expect = y0;
        f->apply(op, alpha, x.data(), beta, y.data());
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
        if (op == Op::plain && sums_rows_in_order(format)) {
          EXPECT_EQ(y, expect) << "alpha " << alpha << " beta " << beta;  // each row summed in A's order
        } else {
          const double bound = 2 * test::error_bound(m.view(), op == Op::transpose, alpha, x, beta, y0);
          for (std::size_t i = 0; i < y.size(); ++i) ASSERT_NEAR(y[i], expect[i], bound) << "row " << i;
        }
      }
    }
  }
}

TEST(ReorderedFormat, BetaZeroDoesNotReadYAndRefillPermutesTheNewValues) {
  auto m = shuffled_grid(30, 5);
  for (FormatId format : all_formats()) {
    SCOPED_TRACE(format_name(format));
    const auto f = reordered(m, format);
    if (!f) continue;
    for (auto& v : m.values) v = 3 * v - 1;
    f->refill(m.view());
    const auto x = test::random_vector<double>(900, 51);
    std::vector<double> y(900, std::numeric_limits<double>::quiet_NaN()), expect(900);
    f->apply(Op::plain, 1.0, x.data(), 0.0, y.data());
    csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
    if (sums_rows_in_order(format)) {
      EXPECT_EQ(y, expect);
    } else {
      const double bound = 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect);
      for (std::size_t i = 0; i < y.size(); ++i) ASSERT_NEAR(y[i], expect[i], bound) << "row " << i;
    }
  }
}

// The plain product writes the caller's rows through the inner format's row
// map where it has one and y is small enough; else into the scratch vector,
// gathered back. A format with transposes of its own keeps the scratch vector
// for them either way.
TEST(ReorderedFormat, YIsGatheredBackUnlessTheRowMapSuitsIt) {
  const auto m = shuffled_grid(40, 3);
  const std::size_t y_bytes = std::size_t(m.rows) * sizeof(double);
  const auto inode = reordered(m, FormatId::inode);
  ASSERT_TRUE(inode);
  EXPECT_TRUE(inode->writes_rows());
  EXPECT_FALSE(inode->needs_scratch());
  EXPECT_NE(inode->describe()[0].find("written in yours by the format itself"), std::string::npos);
  inode->set_row_map_max_bytes(y_bytes - 1);
  EXPECT_FALSE(inode->writes_rows());
  EXPECT_TRUE(inode->needs_scratch());
  EXPECT_NE(inode->describe()[0].find("gathered back into yours"), std::string::npos);
  inode->set_row_map_max_bytes(y_bytes);
  EXPECT_TRUE(inode->writes_rows());
  const auto csr = reordered(m, FormatId::csr);
  EXPECT_FALSE(csr->writes_rows());
  EXPECT_TRUE(csr->needs_scratch());
  const auto ipcsr = reordered(m, FormatId::ipcsr);
  EXPECT_TRUE(ipcsr->writes_rows());
  EXPECT_TRUE(ipcsr->needs_scratch());
  // Under a windowed order, a format that writes its rows in order keeps the
  // row map at any size; one that sorts its rows globally (suraa) does not.
  const auto local_inode = reordered(m, FormatId::inode, 256);
  local_inode->set_row_map_max_bytes(0);
  EXPECT_TRUE(local_inode->writes_rows());
  EXPECT_FALSE(local_inode->needs_scratch());
  EXPECT_NE(local_inode->describe()[0].find("reordered (RCM within windows of 256 rows)"), std::string::npos)
      << local_inode->describe()[0];
  const auto local_suraa = reordered(m, FormatId::suraa, 256);
  EXPECT_TRUE(local_suraa->writes_rows());  // y under 8 MiB
  local_suraa->set_row_map_max_bytes(0);
  EXPECT_FALSE(local_suraa->writes_rows());
  EXPECT_TRUE(local_suraa->needs_scratch());
}

TEST(ReorderedFormat, RefusesAMatrixItsReorderingWasNotMadeFrom) {
  const auto m = shuffled_grid(10, 1);
  auto r = std::make_shared<Reordering<double, std::int32_t>>();
  r->permutation = rcm_order(m.view());
  r->matrix = permute_symmetric(m.view(), r->permutation);
  ReorderedHostFormat<double, std::int32_t> f(r, std::make_unique<CsrHostFormat<double, std::int32_t>>());
  const auto other = shuffled_grid(11, 1);
  EXPECT_THROW(f.build(other.view()), Error);
}

}  // namespace
}  // namespace aijadaptive
