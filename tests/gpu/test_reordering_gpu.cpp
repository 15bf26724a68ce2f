// A reordered matrix (B = P A P^T, RCM or by column degree) on the GPU: every format (inode writes
// the caller's rows itself, csr's are gathered back), plain and transpose,
// host and device vectors, against the CSR reference on the original matrix;
// beta == 0 with NaN in y; refill.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/reordered_format.hpp>
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "device_vectors.hpp"
#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::expect_close;
using test::to_device;
using test::to_host;

class ReorderingGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, reordering GPU tests skipped: " << device_status();
  }
};

template <class V, class I>
void check(const test::OwnedCsr<V, I>& m, FormatId format, ReorderChoice reorder = ReorderChoice::always) {
  SCOPED_TRACE(std::string(format_name(format)) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols) +
               ", reorder " + reorder_choice_name(reorder));
  MatrixOptions o;
  o.format = FormatChoice::fixed(format);
  o.reorder = reorder;
  AdaptiveMatrix<V, I> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  // The diagonal formats refuse B's rows (kept in A's order, not sorted) or
  // these matrices (not diagonal): csr takes them, and says why.
  const bool diagonal = format == FormatId::dia || format == FormatId::brcsd1 || format == FormatId::brcsd2;
  if (diagonal && a.format_name() == "csr") {
    ASSERT_FALSE(a.skipped().empty());
    ASSERT_EQ(a.skipped()[0].format, format_name(format));
  } else {
    ASSERT_EQ(a.format_name(), format_name(format));
    ASSERT_EQ(a.reordered(), m.rows == m.cols) << a.selection_reason();
    if (a.reordered())
      ASSERT_EQ(a.order_kind(), reorder == ReorderChoice::degree ? OrderKind::degree : OrderKind::rcm);
  }
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const std::size_t nx = std::size_t(t ? m.rows : m.cols), ny = std::size_t(t ? m.cols : m.rows);
    const auto x = test::random_vector<V>(nx, 61);
    const auto y0 = test::random_vector<V>(ny, 62);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
      const double bound = 2 * test::error_bound(m.view(), t, alpha, x, beta, y0);
      std::vector<V> y = y0;  // host vectors
      a.apply(op, alpha, {x.data()}, beta, {y.data()});
      expect_close(y, expect, bound);
      const DeviceBuffer<V> dx = to_device(x);  // device vectors; beta == 0 must not read y
      DeviceBuffer<V> dy = to_device(beta == V(0) ? std::vector<V>(ny, test::nan<V>()) : y0);
      a.apply(op, alpha, {dx.data(), MemSpace::device}, beta, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      const std::vector<V> got = to_host(dy);
      expect_close(got, expect, bound);
    }
  }
}

template <class P>
class ReorderingGpuTyped : public ReorderingGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(ReorderingGpuTyped, TypePairs);

TYPED_TEST(ReorderingGpuTyped, EveryFormatInTheCallersNumbering) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const test::RandomShape shapes[] = {{2000, 2000, 0.005, 0.1, 2, 1},  // empty and dense rows
                                      {1, 1, 1, 0, 0, 2},
                                      {6000, 6000, 0.002, 0, 1, 3},    // a row longer than SHARED_SIZE
                                      {300, 200, 0.05, 0, 0, 4}};      // rectangular: not reordered
  for (const auto& s : shapes)
    for (FormatId f : all_formats()) check(test::random_csr<V, I>(s), f);
}

// By column degree (-mat_aijadaptive_reorder degree): a graph of scattered hub
// columns, rectangular and edge cases, every format.
TYPED_TEST(ReorderingGpuTyped, EveryFormatInTheCallersNumberingByColumnDegree) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (FormatId f : all_formats()) {
    check(test::hub_graph<V, I>(3000, 48, 5, 21), f, ReorderChoice::degree);
    check(test::random_csr<V, I>({2000, 2000, 0.005, 0.1, 2, 22}), f, ReorderChoice::degree);
    check(test::random_csr<V, I>({1, 1, 1, 0, 0, 23}), f, ReorderChoice::degree);
    check(test::random_csr<V, I>({300, 200, 0.05, 0, 0, 24}), f, ReorderChoice::degree);  // rectangular
  }
}

// The formats that write y through the row map, made to gather it back from
// a scratch vector (as they do for a y over kReorderRowMapMaxBytes), under RCM over
// the whole matrix and within windows (where a format with its rows in order
// keeps the row map) and by column degree: the same products, beta == 0 with
// NaN in y too.
TEST_F(ReorderingGpu, RowMapFormatsGatherYBackForLargeVectors) {
  using R = ReorderedHostFormat<double, std::int32_t>;
  const auto m = test::random_csr<double, std::int32_t>({3000, 3000, 0.003, 0, 1, 11});
  const auto x = test::random_vector<double>(3000, 12);
  const auto y0 = test::random_vector<double>(3000, 13);
  FormatContext ctx;
  ctx.device = device_info(current_device());
  for (std::int64_t window : {0, 512, -1}) {  // -1: by column degree
    auto r = std::make_shared<Reordering<double, std::int32_t>>();
    r->permutation = window < 0 ? degree_order(m.view()) : rcm_order(m.view());
    if (window > 0) r->permutation = windowed_order(r->permutation, window);
    r->matrix = permute_symmetric(m.view(), r->permutation);
    for (FormatId format : all_formats()) {
      const Capabilities c = make_host_format<double, std::int32_t>(format, ctx)->capabilities();
      if (!c.row_map) continue;
      for (std::size_t max_bytes : {kReorderRowMapMaxBytes, std::size_t(0)}) {
        SCOPED_TRACE(std::string(format_name(format)) + (max_bytes ? ", row map" : ", gathered back") +
                     ", window " + std::to_string(window));
        R f(r, make_host_format<double, std::int32_t>(format, ctx));
        f.set_row_map_max_bytes(max_bytes);
        f.build(m.view());
        ASSERT_EQ(f.writes_rows(), max_bytes != 0 || (window > 0 && c.rows_in_order));
        const auto dev = f.upload(nullptr);
        for (auto [alpha, beta] : {std::pair<double, double>{1, 0}, {-1.5, 0.25}}) {
          std::vector<double> expect = y0;
          csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
          const double bound = 2 * test::error_bound(m.view(), false, alpha, x, beta, y0);
          expect_close(test::device_apply(*dev, Op::plain, alpha, x, beta, y0), expect, bound);
        }
      }
    }
  }
}

TEST_F(ReorderingGpu, RefillUploadsThePermutedValues) {
  auto m = test::random_csr<double, std::int32_t>({4000, 4000, 0.003, 0, 1, 9});
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::ipcsr);
  o.reorder = ReorderChoice::always;
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.build(m.view());
  ASSERT_TRUE(a.reordered());
  for (auto& v : m.values) v = 2 * v + 1;
  a.refill(m.view());
  const auto x = test::random_vector<double>(4000, 10);
  std::vector<double> y(4000), expect(4000);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
}

}  // namespace
}  // namespace aijadaptive
