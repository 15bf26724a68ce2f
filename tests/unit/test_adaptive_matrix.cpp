// The adaptive matrix on the host path: placement, refill, misuse.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/selector.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "random_csr.hpp"

namespace aijadaptive {
namespace {

MatrixOptions host_only() {
  MatrixOptions o;
  o.force_host = true;
  return o;
}

TEST(AdaptiveMatrix, HostPathMatchesTheReferenceBitForBit) {
  auto m = test::random_csr<double, std::int32_t>({300, 250, 0.05, 0.1, 1, 21});
  AdaptiveMatrix<double, std::int32_t> a(host_only());
  a.build(m.view());
  EXPECT_EQ(a.placement(), Placement::host);
  EXPECT_NE(a.placement_reason().find("requested"), std::string::npos) << a.placement_reason();
  EXPECT_EQ(a.format(), select_format(a.features(), FormatChoice::automatic_choice()).format);
  EXPECT_EQ(a.features().nnz, m.view().nnz());
  EXPECT_EQ(a.device_bytes(), 0u);
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const auto x = test::random_vector<double>(t ? 300 : 250, 22);
    auto y = test::random_vector<double>(t ? 250 : 300, 23), expect = y;
    a.apply(op, 2.0, {x.data()}, 0.5, {y.data()});
    csr_reference_apply(m.view(), op, 2.0, x.data(), 0.5, expect.data());
    EXPECT_EQ(y, expect);
  }
}

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
  a.build(m.view());
  EXPECT_EQ(a.placement(), Placement::host);
  EXPECT_EQ(a.placement_reason().rfind("host: ", 0), 0u);
  EXPECT_NE(a.placement_reason().find(built_with_cuda() ? "CUDA device" : "without CUDA"), std::string::npos)
      << a.placement_reason();
}

}  // namespace
}  // namespace aijadaptive

namespace aijadaptive {
namespace {

// ---- reordering (RCM) -------------------------------------------------------------

// A 2D 5-point grid of n x n with its unknowns numbered at random: scattered
// columns, the case the reordering is for.
test::OwnedCsr<double, std::int32_t> shuffled_grid(int n, std::uint64_t seed) {
  std::vector<std::int32_t> label(std::size_t(n) * n);
  for (std::size_t i = 0; i < label.size(); ++i) label[i] = std::int32_t(i);
  std::mt19937_64 rng(seed);
  std::shuffle(label.begin(), label.end(), rng);
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

MatrixOptions reordered_on_host(FormatId format, ReorderChoice reorder) {
  MatrixOptions o = host_only();
  o.format = FormatChoice::fixed(format);
  o.reorder = reorder;
  return o;
}

TEST(AdaptiveMatrixReordering, ProductsInTheCallersNumberingBitForBitForThePlainProduct) {
  const auto m = shuffled_grid(40, 3);
  for (FormatId format : all_formats()) {
    SCOPED_TRACE(format_name(format));
    AdaptiveMatrix<double, std::int32_t> a(reordered_on_host(format, ReorderChoice::always));
    a.build(m.view());
    ASSERT_TRUE(a.reordered()) << a.selection_reason();
    EXPECT_NE(a.selection_reason().find("reordered (RCM) as requested"), std::string::npos) << a.selection_reason();
    for (Op op : {Op::plain, Op::transpose}) {
      const bool t = op == Op::transpose;
      const auto x = test::random_vector<double>(1600, 41);
      const auto y0 = test::random_vector<double>(1600, 42);
      for (auto [alpha, beta] : {std::pair{1.0, 0.0}, {1.0, 1.0}, {-2.5, 0.5}}) {
        auto y = y0, expect = y0;
        a.apply(op, alpha, {x.data()}, beta, {y.data()});
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
        if (!t) {
          EXPECT_EQ(y, expect) << "alpha " << alpha << " beta " << beta;  // each row summed in A's order
        } else {
          const double bound = 2 * test::error_bound(m.view(), true, alpha, x, beta, y0);
          for (std::size_t i = 0; i < y.size(); ++i) ASSERT_NEAR(y[i], expect[i], bound) << "row " << i;
        }
      }
    }
  }
}

TEST(AdaptiveMatrixReordering, BetaZeroDoesNotReadYAndRefillPermutesTheNewValues) {
  auto m = shuffled_grid(30, 5);
  AdaptiveMatrix<double, std::int32_t> a(reordered_on_host(FormatId::ipcsr, ReorderChoice::always));
  a.build(m.view());
  ASSERT_TRUE(a.reordered());
  for (auto& v : m.values) v = 3 * v - 1;
  a.refill(m.view());
  const auto x = test::random_vector<double>(900, 51);
  std::vector<double> y(900, std::numeric_limits<double>::quiet_NaN()), expect(900);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  EXPECT_EQ(y, expect);
}

TEST(AdaptiveMatrixReordering, AutoReordersOnlyLargeSquareMatricesWithScatteredColumns) {
  Features f;
  f.rows = f.cols = 2000000;
  f.nnz = 30000000;
  f.gather_sector_ratio = 0.8;
  const FormatChoice any = FormatChoice::automatic_choice();
  EXPECT_TRUE(select_format(f, any, ReorderChoice::automatic).reorder);
  EXPECT_FALSE(select_format(f, any, ReorderChoice::never).reorder);
  EXPECT_FALSE(select_format(f, any).reorder);  // the pure selector's default: never
  Features local = f;
  local.gather_sector_ratio = 0.1;  // a stencil in natural order
  EXPECT_FALSE(select_format(local, any, ReorderChoice::automatic).reorder);
  EXPECT_TRUE(select_format(local, any, ReorderChoice::always).reorder);
  Features irregular = f;
  irregular.row_cv = 10;  // power-law rows: measured slower reordered
  EXPECT_FALSE(select_format(irregular, any, ReorderChoice::automatic).reorder);
  Features small = f;
  small.nnz = 100000;  // stays in L2: the extra passes do not pay
  EXPECT_FALSE(select_format(small, any, ReorderChoice::automatic).reorder);
  Features rectangular = f;
  rectangular.cols = 1000;  // P A P^T needs a square matrix
  EXPECT_FALSE(select_format(rectangular, any, ReorderChoice::always).reorder);
  for (ReorderChoice c : {ReorderChoice::automatic, ReorderChoice::never, ReorderChoice::always})
    EXPECT_EQ(parse_reorder_choice(reorder_choice_name(c)), c);
  EXPECT_FALSE(parse_reorder_choice("yes"));
}

TEST(AdaptiveMatrixReordering, AutoKeepsRcmOnlyWhenItMakesTheGathersLocal) {
  // Large enough (>= 1M nonzeros) for the automatic rule. A shuffled grid:
  // RCM recovers a banded matrix with far fewer x sectors per nonzero.
  const auto grid = shuffled_grid(500, 7);  // 250k rows, 1.25M nonzeros
  AdaptiveMatrix<double, std::int32_t> a(reordered_on_host(FormatId::csr, ReorderChoice::automatic));
  a.build(grid.view());
  EXPECT_GT(a.features().gather_sector_ratio, 0.8);
  EXPECT_TRUE(a.reordered()) << a.selection_reason();
  EXPECT_NE(a.selection_reason().find("after RCM"), std::string::npos) << a.selection_reason();
  // Random columns have no local order: RCM cannot help, and auto says so.
  const auto random = random_columns(20000, 60, 8);
  ASSERT_GE(random.view().nnz(), 1000000);
  AdaptiveMatrix<double, std::int32_t> b(reordered_on_host(FormatId::csr, ReorderChoice::automatic));
  b.build(random.view());
  EXPECT_FALSE(b.reordered()) << b.selection_reason();
  EXPECT_NE(b.selection_reason().find("not reordered"), std::string::npos) << b.selection_reason();
  // never: not even computed.
  AdaptiveMatrix<double, std::int32_t> c(reordered_on_host(FormatId::csr, ReorderChoice::never));
  c.build(grid.view());
  EXPECT_FALSE(c.reordered());
  EXPECT_EQ(c.selection_reason().find("RCM"), std::string::npos) << c.selection_reason();
}

TEST(AdaptiveMatrixReordering, RectangularMatricesAreNeverReordered) {
  const auto m = test::random_csr<double, std::int32_t>({300, 250, 0.05, 0.1, 1, 21});
  AdaptiveMatrix<double, std::int32_t> a(reordered_on_host(FormatId::ipcsr, ReorderChoice::always));
  a.build(m.view());
  EXPECT_FALSE(a.reordered());
}

}  // namespace
}  // namespace aijadaptive
