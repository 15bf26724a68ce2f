// The deferred set-up (MatrixOptions::defer_min_nnz): csr runs the first
// products while a host thread analyses the matrix and builds the chosen
// format, which takes over at the product asked for, as soon as the thread is
// through, at a refill or when the caller waits; only an analysis that may
// reorder is deferred; a new analysis or the matrix's end while the thread
// runs.
// Every product is checked against the CSR reference.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "adaptive_checks.hpp"
#include "device_vectors.hpp"
#include "irregular_csr.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

using test::expect_close;
using test::to_device;
using test::to_host;
using Matrix = AdaptiveMatrix<double, std::int32_t>;
using Csr = test::OwnedCsr<double, std::int32_t>;

class DeferredSetupGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

// `per_row` entries in random columns of every row but the first `long_rows`,
// which have `long_length` (random_csr's cost grows with rows x columns):
// large matrices, fast.
Csr scattered(std::int32_t n, int per_row, int long_rows, int long_length, std::uint64_t seed) {
  std::vector<std::int64_t> lengths(std::size_t(n), per_row);
  std::fill_n(lengths.begin(), long_rows, long_length);
  return test::csr_of_lengths<double, std::int32_t>(lengths, n, seed);
}

// Every matrix deferred; reordered by RCM, so that the chosen format is never
// the csr that runs meanwhile.
MatrixOptions deferred(std::uint64_t takeover) {
  MatrixOptions o;
  o.defer_min_nnz = 0;
  o.defer_takeover = takeover;
  o.reorder = ReorderChoice::always;
  return o;
}

std::string chosen_format(const Csr& m, ReorderChoice reorder) {
  return format_name(analyse_matrix(m.view(), FormatChoice::automatic_choice(), reorder).selection.first());
}

bool describes(const Matrix& a, const std::string& text) {
  for (const std::string& line : a.describe())
    if (line.find(text) != std::string::npos) return true;
  return false;
}

// One plain product with device vectors, checked.
void expect_product_right(Matrix& a, const Csr& m, std::uint64_t seed) {
  const auto x = test::random_vector<double>(std::size_t(m.cols), seed);
  const auto y0 = test::random_vector<double>(std::size_t(m.rows), seed + 1);
  std::vector<double> expect = y0;
  csr_reference_apply(m.view(), Op::plain, 1.5, x.data(), -0.5, expect.data());
  const DeviceBuffer<double> dx = to_device(x);
  DeviceBuffer<double> dy = to_device(y0);
  a.apply(Op::plain, 1.5, {dx.data(), MemSpace::device}, -0.5, {dy.data(), MemSpace::device});
  synchronize(a.stream());
  expect_close(to_host(dy), expect, 2 * test::error_bound(m.view(), false, 1.5, x, -0.5, y0));
}

TEST_F(DeferredSetupGpu, TheChosenFormatTakesOverAtTheProductAskedFor) {
  const Csr m = scattered(20000, 20, 0, 0, 31);
  const std::string chosen = chosen_format(m, ReorderChoice::always);
  ASSERT_NE(chosen, "csr");
  Matrix a(deferred(3));
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  EXPECT_EQ(a.format_name(), "csr");
  EXPECT_FALSE(a.reordered());
  EXPECT_TRUE(describes(a, "set-up deferred: a host thread is analysing")) << a.selection_reason();
  for (std::uint64_t k = 1; k <= 2; ++k) {
    expect_product_right(a, m, 10 * k);
    EXPECT_EQ(a.format_name(), "csr") << "after product " << k;
  }
  expect_product_right(a, m, 30);  // the third: the chosen format's
  EXPECT_EQ(a.format_name(), chosen);
  EXPECT_TRUE(a.reordered());
  EXPECT_TRUE(describes(a, "csr ran the first 2 product(s)"));
  EXPECT_TRUE(describes(a, "the copy of the arrays back from the device"));
  EXPECT_EQ(a.features().nnz, m.row_ptr.back());
  expect_product_right(a, m, 40);
}

TEST_F(DeferredSetupGpu, WhenReadyTheFirstProductAfterTheThreadTakesOver) {
  const Csr m = scattered(20000, 20, 0, 0, 32);
  const std::string chosen = chosen_format(m, ReorderChoice::always);
  Matrix a(deferred(0));
  a.build(m.view());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::uint64_t products = 0;
  while (a.format_name() == "csr" && std::chrono::steady_clock::now() < deadline) {
    expect_product_right(a, m, 100 + products++);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(a.format_name(), chosen);
  EXPECT_TRUE(describes(a, "csr ran the first " + std::to_string(products - 1) + " product(s)"));
  expect_product_right(a, m, 7);
}

TEST_F(DeferredSetupGpu, ARefillOrTheCallersWaitTakesOverAtOnce) {
  Csr m = scattered(20000, 20, 0, 0, 33);
  const std::string chosen = chosen_format(m, ReorderChoice::always);
  Matrix a(deferred(1000));
  a.build(m.view());
  expect_product_right(a, m, 1);
  for (auto& v : m.values) v = 2 * v - 1;
  a.refill(m.view());  // the thread built with the old values
  EXPECT_EQ(a.format_name(), chosen);
  expect_product_right(a, m, 2);

  Matrix b(deferred(1000));
  b.build(m.view());
  b.finish_background_work();
  EXPECT_EQ(b.format_name(), chosen);
  EXPECT_TRUE(describes(b, "csr ran the first 0 product(s)"));
  expect_product_right(b, m, 3);
}

TEST_F(DeferredSetupGpu, OnlyAnAnalysisThatMayReorderIsDeferred) {
  MatrixOptions o = deferred(1);
  o.reorder = ReorderChoice::automatic;
  // Regular rows with scattered columns: RCM may pay, so the thread computes
  // it; on random columns it does not, and the format it chooses for the
  // matrix as it is takes over.
  const Csr regular = scattered(100000, 20, 0, 0, 34);
  const std::string chosen = chosen_format(regular, ReorderChoice::automatic);
  ASSERT_NE(chosen, "csr");
  Matrix a(o);
  a.build(regular.view());
  EXPECT_EQ(a.format_name(), "csr");
  EXPECT_TRUE(describes(a, "set-up deferred: a host thread"));
  expect_product_right(a, regular, 1);
  EXPECT_EQ(a.format_name(), chosen);
  EXPECT_FALSE(a.reordered());
  EXPECT_NE(a.selection_reason().find("not reordered"), std::string::npos) << a.selection_reason();
  // Irregular rows (40 of 5000 entries) under 1M nonzeros, where their format
  // is not costly to build (from 1M suraa's and argcsr's are, and a costly
  // build is deferred: the test below): no reordering, and the analysis runs
  // before build() returns, overlapping the upload of the arrays.
  const Csr irregular = scattered(200000, 3, 40, 5000, 35);
  Matrix b(o);
  b.build(irregular.view());
  EXPECT_EQ(b.format_name(), chosen_format(irregular, ReorderChoice::automatic));
  EXPECT_FALSE(describes(b, "set-up deferred"));
  expect_product_right(b, irregular, 2);
}

// Scalar FEM as a mesh numbered for locality gives it: `per_row` distinct
// columns near the row (within +-window), a few repeated rows at most.
Csr local_rows(std::int32_t n, int per_row, int window, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> offset(-window, window);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  Csr m;
  m.rows = m.cols = n;
  std::vector<std::int32_t> cols;
  for (std::int32_t i = 0; i < n; ++i) {
    cols.assign(1, i);
    while (int(cols.size()) < per_row) {
      const std::int32_t c = i + offset(rng);
      if (c >= 0 && c < n && std::find(cols.begin(), cols.end(), c) == cols.end()) cols.push_back(c);
    }
    std::sort(cols.begin(), cols.end());
    for (std::int32_t c : cols) {
      m.col_idx.push_back(c);
      m.values.push_back(value(rng));
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  return m;
}

// A choice whose build costs more than csr's set-up (inode on scalar rows with
// local columns) is deferred too, though nothing is reordered.
TEST_F(DeferredSetupGpu, AChoiceOfCostlyBuildIsDeferredWithoutReordering) {
  const Csr m = local_rows(120000, 18, 300, 38);
  const auto analysis = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic);
  ASSERT_EQ(analysis.selection.first(), FormatId::inode) << analysis.selection.candidates.front().reason;
  ASSERT_TRUE(analysis.selection.candidates.front().costly_build);
  ASSERT_FALSE(analysis.selection.reorder);
  MatrixOptions o = deferred(1);
  o.reorder = ReorderChoice::automatic;
  Matrix a(o);
  a.build(m.view());
  EXPECT_EQ(a.format_name(), "csr");
  EXPECT_TRUE(describes(a, "set-up deferred: a host thread")) << a.selection_reason();
  expect_product_right(a, m, 1);
  EXPECT_EQ(a.format_name(), "inode");
  EXPECT_FALSE(a.reordered());
  expect_product_right(a, m, 2);
  // Not deferred below the threshold: the same choice, built before build() returns.
  o.defer_min_nnz = std::size_t(m.row_ptr.back()) + 1;
  Matrix b(o);
  b.build(m.view());
  EXPECT_EQ(b.format_name(), "inode");
  EXPECT_FALSE(describes(b, "set-up deferred"));
  expect_product_right(b, m, 3);
}

TEST_F(DeferredSetupGpu, ANewAnalysisOrTheEndWhileTheThreadRunsLosesNothing) {
  const Csr big = scattered(200000, 20, 0, 0, 35);
  const Csr small = test::random_csr<double, std::int32_t>({3000, 3000, 0.01, 0, 0, 36});
  {
    Matrix a(deferred(0));
    a.build(big.view());
  }  // the end, the thread most likely still analysing
  Matrix a(deferred(2));
  a.build(big.view());
  a.build(small.view());  // the first thread cancelled and waited for
  expect_product_right(a, small, 1);
  expect_product_right(a, small, 2);
  EXPECT_EQ(a.format_name(), chosen_format(small, ReorderChoice::always));
  // Below the threshold nothing is deferred.
  MatrixOptions o = deferred(2);
  o.defer_min_nnz = std::size_t(small.row_ptr.back()) + 1;
  Matrix b(o);
  b.build(small.view());
  EXPECT_EQ(b.format_name(), chosen_format(small, ReorderChoice::always));
  EXPECT_FALSE(describes(b, "set-up deferred"));
}

// The thread copies the arrays back from csr's once upload() hands them over:
// an analysis never uploaded must not leave it waiting.
TEST_F(DeferredSetupGpu, AnAnalysisWithoutUploadLeavesNoThreadWaiting) {
  const Csr big = scattered(200000, 20, 0, 0, 38);
  const Csr small = test::random_csr<double, std::int32_t>({3000, 3000, 0.01, 0, 0, 39});
  {
    Matrix a(deferred(0));
    a.analyse(big.view());
  }  // the end before any upload
  Matrix a(deferred(2));
  a.analyse(big.view());
  a.build(small.view());  // a new analysis before the upload
  expect_product_right(a, small, 3);
  expect_product_right(a, small, 4);
  EXPECT_EQ(a.format_name(), chosen_format(small, ReorderChoice::always));
  a.build(big.view());  // and this one deferred as usual
  expect_product_right(a, big, 5);
  expect_product_right(a, big, 6);
  EXPECT_EQ(a.format_name(), chosen_format(big, ReorderChoice::always));
}

TEST_F(DeferredSetupGpu, TheCallersArraysMayGoOnceBuildReturns) {
  Csr m = scattered(20000, 20, 0, 0, 37);
  const Csr kept = m;
  Matrix a(deferred(2));
  a.build(m.view());
  m = Csr{};  // as PETSc's may, reallocated at a MatSetValues: the thread has its own copy
  expect_product_right(a, kept, 1);
  expect_product_right(a, kept, 2);
  EXPECT_EQ(a.format_name(), chosen_format(kept, ReorderChoice::always));
}

// Without the prefetch csr sends its arrays itself, on the caller's stream,
// and upload() may return with that copy still crossing (from a page-locked
// pack: 64-128 KiB of arrays; from pageable memory, its last part): the
// thread copies them back only once they are through.
TEST_F(DeferredSetupGpu, WithoutThePrefetchTheThreadCopiesBackWhatCsrSent) {
  MatrixOptions o = deferred(2);
  o.prefetch_min_nnz = SIZE_MAX;
  const Csr through_pack = scattered(2000, 3, 0, 0, 40), pageable = scattered(100000, 20, 0, 0, 41);
  for (const Csr* m : {&through_pack, &pageable})
    for (int round = 0; round < 3; ++round) {
      Matrix a(o);
      a.build(m->view());
      EXPECT_TRUE(describes(a, "set-up deferred: a host thread is analysing"));
      expect_product_right(a, *m, 10 * round + 1);
      expect_product_right(a, *m, 10 * round + 2);  // the thread's format
      EXPECT_EQ(a.format_name(), chosen_format(*m, ReorderChoice::always));
      EXPECT_EQ(a.features().nnz, m->row_ptr.back());
      expect_product_right(a, *m, 10 * round + 3);
    }
}

}  // namespace
}  // namespace aijadaptive
