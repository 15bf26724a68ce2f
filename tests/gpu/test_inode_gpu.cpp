// Format `inode` on the GPU against its host reference (which walks the same
// slices): all type pairs, groups of 1 to 8 rows, 16- and 32-bit offsets,
// wide groups, every parameter set, scalar rows in full slices; beta == 0
// with NaN in y; the same bits on every run; the row map; row ranges; a
// refill; the adaptive matrix with host and device vectors (its transpose
// through the core's fallback).
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/inode.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <string>

#include "adaptive_checks.hpp"
#include "device_vectors.hpp"
#include "node_csr.hpp"
#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

class InodeGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, inode GPU tests skipped: " << device_status();
  }
};

using test::expect_close;
using test::to_device;
using test::to_host;

const InodeParams kParamSets[] = {InodeParams{},           {1, 4096, 0.25, 1024, true, 1}, {8, 1, 0.25, 32, false, 2},
                                  {3, 100, 0, 32, true, 4}, {5, 65536, 4, 64, false, 8},  {2, 7, 0.5, 40, true, 16},
                                  {8, 300, 0.25, 1024, true, 32}};

template <class V, class I>
void check_device_format(const test::OwnedCsr<V, I>& m, const InodeParams& p) {
  SCOPED_TRACE("groups <= " + std::to_string(p.max_group_rows) + " window " + std::to_string(p.window_rows) +
               " wide " + std::to_string(p.wide_columns) + " k " + std::to_string(p.group_threads) + ", " +
               std::to_string(m.rows) + "x" + std::to_string(m.cols));
  InodeHostFormat<V, I> host(p);
  host.build(m.view());
  auto dev = host.upload(nullptr);
  synchronize(nullptr);
  EXPECT_EQ(dev->device_bytes(), host.layout().device_bytes(sizeof(V)));
  const auto x = test::random_vector<V>(std::size_t(m.cols), 5);
  const auto y0 = test::random_vector<V>(std::size_t(m.rows), 6);
  const DeviceBuffer<V> dx = to_device(x);
  for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
    std::vector<V> expect = y0;
    host.apply(Op::plain, alpha, x.data(), beta, expect.data());
    DeviceBuffer<V> dy = to_device(beta == V(0) ? std::vector<V>(y0.size(), test::nan<V>()) : y0);
    dev->apply(alpha, dx.data(), beta, dy.data(), nullptr);
    const std::vector<V> got = to_host(dy);
    expect_close(got, expect, 2 * test::error_bound(m.view(), false, alpha, x, beta, y0));
    if (beta == V(0)) {
      dev->apply(alpha, dx.data(), beta, dy.data(), nullptr);
      ASSERT_EQ(to_host(dy), got) << "a second run differs";
      // Row ranges at every cut, one launch each: the same bits.
      const std::vector<std::int64_t> cuts = dev->row_cuts();
      ASSERT_EQ(cuts.front(), 0);
      ASSERT_EQ(cuts.back(), std::int64_t(m.rows));
      DeviceBuffer<V> dz = to_device(std::vector<V>(y0.size(), test::nan<V>()));
      for (std::size_t k = 0; k + 1 < cuts.size(); ++k)
        dev->apply_rows(cuts[k], cuts[k + 1], alpha, dx.data(), beta, dz.data(), nullptr);
      ASSERT_EQ(to_host(dz), got) << "row ranges differ";
    }
  }
  // Row i to y[map[i]] (a reversed order).
  std::vector<I> map(std::size_t(m.rows));
  std::iota(map.rbegin(), map.rend(), I(0));
  const DeviceBuffer<I> dmap = to_device(map);
  dev->set_row_map(dmap.data());
  std::vector<V> expect(y0.size(), V(0)), mapped(y0.size());
  host.apply(Op::plain, V(1), x.data(), V(0), expect.data());
  DeviceBuffer<V> dy = to_device(y0);
  dev->apply(V(1), dx.data(), V(0), dy.data(), nullptr);
  for (std::size_t i = 0; i < map.size(); ++i) mapped[std::size_t(map[i])] = expect[i];
  expect_close(to_host(dy), mapped, 2 * test::error_bound(m.view(), false, V(1), x, V(0), y0));
}

template <class V, class I>
std::vector<test::OwnedCsr<V, I>> matrices() {
  std::vector<test::OwnedCsr<V, I>> list;
  for (int dof = 1; dof <= 8; ++dof)
    list.push_back(test::node_csr<V, I>({400 + 17 * dof, 390 + 5 * dof, 0.02, 0.05, dof % 3 == 0, std::uint64_t(dof)},
                                        [dof](std::int64_t) { return dof; }));
  list.push_back(test::node_csr<V, I>({500, 500, 0.01, 0.1, 0, 11}, [](std::int64_t k) { return int(1 + k * 5 % 9); }));
  // Columns 0..200 and 70000..: 32-bit offsets in the first slices.
  list.push_back(test::node_csr<V, I>({300, 80000, 0.0001, 0, 0, 12}, [](std::int64_t) { return 2; }));
  for (const test::RandomShape& s : {test::RandomShape{0, 0, 0, 0, 0, 3}, {1, 1, 1, 0, 0, 4}, {50, 50, 0, 0, 0, 7},
                                     {9, 0, 0, 0, 0, 8}, {64, 5000, 0.01, 0.2, 2, 9}, {2, 100000, 0.9, 0, 0, 10}})
    list.push_back(test::random_csr<V, I>(s));
  return list;
}

template <class P>
class InodeGpuTyped : public InodeGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(InodeGpuTyped, TypePairs);

TYPED_TEST(InodeGpuTyped, DeviceFormatMatchesTheHostForEveryParameterSet) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : matrices<V, I>())
    for (const InodeParams& p : kParamSets) check_device_format(m, p);
}

template <class V, class I>
void check_adaptive(const test::OwnedCsr<V, I>& m, std::size_t prefetch_min_nnz) {
  SCOPED_TRACE(std::to_string(m.rows) + "x" + std::to_string(m.cols));
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::inode);
  o.reorder = ReorderChoice::never;
  o.prefetch_min_nnz = prefetch_min_nnz;
  test::expect_adaptive_matches_its_format(m, o);
}

TYPED_TEST(InodeGpuTyped, AdaptiveMatrixWithAndWithoutTheArraysSentDuringTheAnalysis) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : matrices<V, I>()) {
    check_adaptive(m, 0);         // filled from the prefetched arrays
    check_adaptive(m, SIZE_MAX);  // from arrays sent by the upload
  }
}

// Scalar rows in full slices (one lane a row, 32 rows) take a path of their
// own in the kernel; the matrices below have them with 16- and 32-bit offsets,
// next to slices of fewer rows (window ends), which take the general one.
TYPED_TEST(InodeGpuTyped, ScalarRowsInFullSlicesWith16And32BitOffsets) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  InodeParams p;
  p.max_group_rows = 1;
  p.group_threads = 1;
  p.window_rows = 1000;
  for (const auto& [cols, offsets32] : {std::pair<std::int64_t, bool>{4000, false}, {200000, true}}) {
    const auto m = test::node_csr<V, I>({4000, cols, 10.0 / double(cols), 0.01, 0, std::uint64_t(cols)},
                                        [](std::int64_t) { return 1; });
    InodeHostFormat<V, I> host(p);
    host.build(m.view());
    std::int64_t full = 0, partial = 0;
    for (const InodeSlice& s : host.layout().slices) {
      ASSERT_EQ(s.group_rows, 1);
      ASSERT_EQ(s.threads, 1);
      if (s.groups == kInodeSliceGroups && bool(s.kind & kInodeOffsets32) == offsets32)
        ++full;
      else if (s.groups < kInodeSliceGroups)
        ++partial;
    }
    EXPECT_GT(full, 50) << cols << " columns";
    EXPECT_GT(partial, 0) << cols << " columns";
    check_device_format(m, p);
  }
}

TEST_F(InodeGpu, RefillMovesTheNewValuesIntoTheSlices) {
  auto m = test::node_csr<double, std::int32_t>({3000, 3000, 0.003, 0, 1, 8}, [](std::int64_t) { return 3; });
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::inode);
  o.reorder = ReorderChoice::never;
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  for (auto& v : m.values) v = 2 * v + 1;
  a.refill(m.view());
  InodeHostFormat<double, std::int32_t> ref{InodeParams{}};
  ref.build(m.view());
  const auto x = test::random_vector<double>(std::size_t(m.cols), 9);
  std::vector<double> y(std::size_t(m.rows)), expect(y.size());
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  ref.apply(Op::plain, 1.0, x.data(), 0.0, expect.data());
  expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
}

TEST_F(InodeGpu, NanAndInfInTheMatrixPropagateOnEveryPath) {
  auto m = test::random_csr<float, std::int32_t>({40, 2000, 0.01, 0, 1, 3});  // row 0 dense: wide
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  m.values[5] = inf;  // the wide row
  ASSERT_LT(m.row_ptr[7], m.row_ptr[8]);
  m.values[std::size_t(m.row_ptr[7])] = nan;  // a lane's row
  InodeHostFormat<float, std::int32_t> host{InodeParams{}};
  host.build(m.view());
  auto dev = host.upload(nullptr);
  const DeviceBuffer<float> dx = to_device(std::vector<float>(2000, 1.0f));
  DeviceBuffer<float> dy = to_device(std::vector<float>(40, nan));
  dev->apply(1.0f, dx.data(), 0.0f, dy.data(), nullptr);
  const auto y = to_host(dy);
  EXPECT_TRUE(test::is_inf(y[0]));
  EXPECT_TRUE(test::is_nan(y[7]));
  for (std::size_t r = 1; r < y.size(); ++r)
    if (r != 7) EXPECT_TRUE(test::is_finite(y[r])) << r;
}

}  // namespace
}  // namespace aijadaptive
