// Format `suraa` on the GPU against its host reference (which walks the same
// groups in the kernels' order of additions): all type pairs, every parameter
// set (the long group's grids launched from the device and from the host, the
// groups on their own streams or on the caller's), beta == 0 with NaN in y;
// the same bits on every run (the long rows' chunk sums in chunk order);
// products alternating between two streams; the row map; a refill; the
// adaptive matrix with host and device vectors (its transpose through the
// core's fallback), with and without the CSR arrays sent during the analysis;
// the edge cases.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/suraa.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "adaptive_checks.hpp"
#include "device_vectors.hpp"
#include "irregular_csr.hpp"
#include "layout_block.hpp"
#include "random_csr.hpp"
#include "suraa_params.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

class SuraaGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, suraa GPU tests skipped: " << device_status();
  }
};

using test::expect_close;
using test::to_device;
using test::to_host;

using test::describe;

using test::suraa_with;

// The defaults (long grids launched as auto chooses; the tests' matrices are
// small: one launch), then small limits so that small matrices have all three
// groups and long rows of many chunks, each launch mode with and without
// streams, long_threads 64 to 1024, the same in one launch, and short rows
// sorted within windows.
const SuraaParams kParamSets[] = {SuraaParams{},
                                  suraa_with(0, 4, 24, 32, 64, SuraaLaunch::device, true),
                                  suraa_with(0, 4, 24, 32, 64, SuraaLaunch::host, true),
                                  suraa_with(32, 8, 64, 64, 256, SuraaLaunch::device, false),
                                  suraa_with(64, 2, 16, 100, 128, SuraaLaunch::host, false),
                                  suraa_with(0, 16, 256, 256, 1024, SuraaLaunch::device, true),
                                  suraa_with(32, 1, 1, 32, 64, SuraaLaunch::host, true),  // all long
                                  suraa_with(96, std::int64_t(1) << 30, std::int64_t(1) << 30, 8192, 256,
                                       SuraaLaunch::device, true),  // all short
                                  // One launch for every group (long blocks of 256 threads).
                                  suraa_with(0, 4, 24, 32, 256, SuraaLaunch::host, false, true),
                                  suraa_with(64, 2, 200, 100, 256, SuraaLaunch::automatic, true, true),
                                  suraa_with(32, 1, 1, 32, 256, SuraaLaunch::host, false, true),  // all long
                                  suraa_with(0, 0, 0, 0, 256, SuraaLaunch::automatic, true, true),  // limits by size
                                  // Short rows sorted within windows of 32 and 96 rows.
                                  suraa_with(0, 4, 24, 32, 64, SuraaLaunch::host, true, false, 32),
                                  suraa_with(64, 16, 256, 256, 256, SuraaLaunch::device, true, false, 96)};


using test::nans;
using test::same_bits;

// The device format against its host half (test::expect_device_matches_host)
// on the caller's stream and one of its own; the row maps.
template <class V, class I>
void check_device_format(const test::OwnedCsr<V, I>& m, const SuraaParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  SuraaHostFormat<V, I> host(p);
  host.build(m.view());
  OwnedStream own;
  auto dev = host.upload(own.get());
  synchronize(own.get());
  // One block of 12 arrays and the launch failures' counter, a small matrix's CSR arrays too.
  test::expect_layout_block(dev->device_bytes(), host.layout().device_bytes(sizeof(V), sizeof(I)) + sizeof(unsigned),
                            12, m.view());
  for (Stream stream : {Stream(nullptr), own.get()}) test::expect_device_matches_host(host, *dev, m, stream);
  test::expect_row_maps_match_host(host, *dev, m, own.get());
}

template <class V, class I>
std::vector<test::OwnedCsr<V, I>> matrices() {
  std::vector<test::OwnedCsr<V, I>> list;
  list.push_back(test::power_law_csr<V, I>(3000, 2500, 2.0, 1, 1));
  list.push_back(test::power_law_csr<V, I>(1200, 1500, 1.6, 3, 2));
  list.push_back(test::circuit_csr<V, I>(5000, 5000, 6, 3000, 3));
  list.push_back(test::long_row_csr<V, I>(300, 6000, 200, 5000, 4));
  list.push_back(test::random_csr<V, I>({700, 600, 0.03, 0.1, 2, 5}));
  return list;
}

// test::edge_csr_list (rows of 9).
template <class V, class I>
std::vector<test::OwnedCsr<V, I>> edge_matrices() {
  return test::edge_csr_list<V, I>(9);
}

template <class P>
class SuraaGpuTyped : public SuraaGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(SuraaGpuTyped, TypePairs);

TYPED_TEST(SuraaGpuTyped, DeviceFormatMatchesTheHostForEveryParameterSet) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : matrices<V, I>())
    for (const SuraaParams& p : kParamSets) check_device_format(m, p);
}

TYPED_TEST(SuraaGpuTyped, EdgeCases) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : edge_matrices<V, I>())
    for (const SuraaParams& p : kParamSets) check_device_format(m, p);
}

// A long row of many chunks and a long segment of rows of several chunks,
// summed by the last block to arrive: the same bits whatever the order the
// blocks finish in, launched from the device, the host, or in one launch.
TYPED_TEST(SuraaGpuTyped, ManyChunksGiveTheSameBitsOnEveryRun) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  std::vector<std::int64_t> lengths(4000);
  for (std::size_t r = 0; r < lengths.size(); ++r) lengths[r] = std::int64_t(1 + r % 5);
  for (std::size_t r = 100; r < lengths.size(); r += 97) lengths[r] = 20000 + std::int64_t(r);  // 41 long rows
  lengths[3] = 150000;
  const auto m = test::csr_of_lengths<V, I>(lengths, 200000, 21);
  const auto x = test::random_vector<V>(std::size_t(m.cols), 22);
  const DeviceBuffer<V> dx = to_device(x);
  for (SuraaLaunch launch : {SuraaLaunch::device, SuraaLaunch::host})
    for (bool streams : {true, false}) {
      // Host launches: also all in one launch (streams then unused).
      const SuraaParams p = suraa_with(32, 16, 1000, 1024, 256, launch, streams,
                                       launch == SuraaLaunch::host && !streams);
      SCOPED_TRACE(describe(p));
      SuraaHostFormat<V, I> host(p);
      host.build(m.view());
      ASSERT_GT(host.layout().partials, 0);
      ASSERT_GT(host.layout().rows(SuraaGroup::long_rows), 32);  // more than one long segment
      auto dev = host.upload(nullptr);
      std::vector<V> expect(std::size_t(m.rows));
      host.apply(Op::plain, V(1), x.data(), V(0), expect.data());
      std::vector<V> first;
      for (int run = 0; run < 3; ++run) {
        DeviceBuffer<V> dy = to_device(nans<V>(std::size_t(m.rows)));
        dev->apply(V(1), dx.data(), V(0), dy.data(), nullptr);
        const std::vector<V> got = to_host(dy);  // synchronises
        if (run == 0) {
          expect_close(got, expect, 2 * test::error_bound(m.view(), false, V(1), x, V(0), expect));
          first = got;
        } else {
          ASSERT_TRUE(same_bits(got, first)) << "run " << run;
        }
      }
    }
}

// Products alternating between two streams, nothing synchronised until the
// end, each after the one before as the core's StreamFence orders them: the
// format's fork and joins of its groups' streams keep every product whole.
TYPED_TEST(SuraaGpuTyped, ProductsAlternatingBetweenTwoStreams) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const auto m = test::circuit_csr<V, I>(6000, 6000, 8, 5000, 31);
  for (const SuraaParams& p : {suraa_with(0, 4, 24, 32, 64, SuraaLaunch::device, true),
                               suraa_with(0, 4, 24, 32, 64, SuraaLaunch::host, true),
                               suraa_with(32, 8, 64, 64, 256, SuraaLaunch::device, false), SuraaParams{}}) {
    SCOPED_TRACE(describe(p));
    SuraaHostFormat<V, I> host(p);
    host.build(m.view());
    auto dev = host.upload(nullptr);
    synchronize(nullptr);
    OwnedStream a, b;
    constexpr int kCalls = 8;
    std::vector<std::vector<V>> xs, y0s;
    std::vector<DeviceBuffer<V>> dxs, dys;
    for (int k = 0; k < kCalls; ++k) {
      xs.push_back(test::random_vector<V>(std::size_t(m.cols), 100 + std::uint64_t(k)));
      y0s.push_back(test::random_vector<V>(std::size_t(m.rows), 200 + std::uint64_t(k)));
      dxs.push_back(to_device(xs.back()));
      dys.push_back(to_device(k % 3 == 0 ? nans<V>(std::size_t(m.rows)) : y0s.back()));
    }
    const auto coefficients = [](int k) {
      return k % 3 == 0 ? std::pair<V, V>{1, 0} : std::pair<V, V>{V(-1.5), V(0.25)};
    };
    // Ordered as the core orders them (a format's products share its
    // workspace, the long rows' chunk sums: never two at once).
    StreamFence fence;
    for (int k = 0; k < kCalls; ++k) {
      const auto [alpha, beta] = coefficients(k);
      const Stream s = (k % 2 ? b : a).get();
      fence.enter(s);
      dev->apply(alpha, dxs[std::size_t(k)].data(), beta, dys[std::size_t(k)].data(), s);
    }
    synchronize(a.get());
    synchronize(b.get());
    for (int k = 0; k < kCalls; ++k) {
      const auto [alpha, beta] = coefficients(k);
      std::vector<V> expect = y0s[std::size_t(k)];
      host.apply(Op::plain, alpha, xs[std::size_t(k)].data(), beta, expect.data());
      expect_close(to_host(dys[std::size_t(k)]), expect,
                   2 * test::error_bound(m.view(), false, alpha, xs[std::size_t(k)], beta, y0s[std::size_t(k)]));
    }
  }
}

// New values, the same pattern: upload_values() moves them into the slices
// and the sorted CSR part.
TYPED_TEST(SuraaGpuTyped, UploadValuesAfterARefill) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const auto m = test::power_law_csr<V, I>(3000, 2500, 2.0, 1, 41);
  for (const SuraaParams& p : {suraa_with(0, 4, 24, 32, 64, SuraaLaunch::device, true), SuraaParams{}}) {
    SCOPED_TRACE(describe(p));
    SuraaHostFormat<V, I> host(p);
    test::expect_upload_values_after_refill(host, m);
  }
}

template <class V, class I>
void check_adaptive(const test::OwnedCsr<V, I>& m, std::size_t prefetch_min_nnz, const TuningParams& params,
                    ReorderChoice reorder = ReorderChoice::never) {
  test::expect_fixed_format_matches(FormatId::suraa, m, prefetch_min_nnz, params, reorder);
}

TYPED_TEST(SuraaGpuTyped, AdaptiveMatrixWithAndWithoutTheArraysSentDuringTheAnalysis) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  TuningParams small;  // all three groups, long rows of many chunks
  for (const char* s : {"suraa.short_limit=4", "suraa.long_limit=24", "suraa.block_entries=32",
                        "suraa.long_threads=64"})
    small.set(s);
  auto list = matrices<V, I>();
  for (auto& m : edge_matrices<V, I>()) list.push_back(std::move(m));
  test::expect_fixed_format_with_and_without_prefetch(FormatId::suraa, list, {TuningParams{}, small});
}

// Reordered (RCM): the format writes the caller's rows itself through the row map.
TYPED_TEST(SuraaGpuTyped, AdaptiveMatrixReordered) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  TuningParams small;
  small.set("suraa.short_limit=4");
  small.set("suraa.long_limit=24");
  small.set("suraa.block_entries=32");
  check_adaptive(test::power_law_csr<V, I>(3000, 3000, 2.0, 1, 51), SIZE_MAX, small, ReorderChoice::always);
  check_adaptive(test::circuit_csr<V, I>(4000, 4000, 6, 2000, 52), 0, TuningParams{}, ReorderChoice::always);
}

TEST_F(SuraaGpu, NanAndInfInTheMatrixPropagateInEveryGroup) {
  auto m = test::circuit_csr<float, std::int32_t>(3000, 3000, 5, 1500, 61);
  const SuraaParams p = suraa_with(0, 4, 24, 32, 64, SuraaLaunch::device, true);
  SuraaHostFormat<float, std::int32_t> host(p);
  host.build(m.view());
  const SuraaLayout& l = host.layout();
  const std::int64_t short_row = test::first_sorted_row(l, l.group_begin[0], l.group_begin[1], 1);
  const std::int64_t medium_row = test::first_sorted_row(l, l.group_begin[1], l.group_begin[2], 1);
  const std::int64_t long_row = test::first_sorted_row(l, l.group_begin[2], l.group_begin[3], 3 * p.block_entries);
  ASSERT_GE(short_row, 0);
  ASSERT_GE(medium_row, 0);
  ASSERT_GE(long_row, 0);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  m.values[std::size_t(m.row_ptr[std::size_t(short_row)])] = inf;
  m.values[std::size_t(m.row_ptr[std::size_t(medium_row)])] = nan;
  m.values[std::size_t(m.row_ptr[std::size_t(long_row) + 1]) - 1] = -inf;  // its last chunk
  host.refill(m.view());
  auto dev = host.upload(nullptr);
  const DeviceBuffer<float> dx = to_device(std::vector<float>(std::size_t(m.cols), 1.0f));
  DeviceBuffer<float> dy = to_device(nans<float>(std::size_t(m.rows)));
  dev->apply(1.0f, dx.data(), 0.0f, dy.data(), nullptr);
  const auto y = to_host(dy);
  EXPECT_EQ(y[std::size_t(short_row)], inf);
  EXPECT_TRUE(test::is_nan(y[std::size_t(medium_row)]));
  EXPECT_EQ(y[std::size_t(long_row)], -inf);
  for (std::size_t r = 0; r < y.size(); ++r)
    if (std::int64_t(r) != short_row && std::int64_t(r) != medium_row && std::int64_t(r) != long_row) {
      EXPECT_TRUE(test::is_finite(y[r])) << r;
    }
}

}  // namespace
}  // namespace aijadaptive
