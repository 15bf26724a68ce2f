// Format `segspmv` on the GPU against its host reference (which walks the
// same blocks and segments in the kernel's order of additions): all type
// pairs, every variant and every L (the vector one with its slots streamed
// too), beta == 0 with NaN in y, the same bits on every run, the row map,
// padding that never reads x, a refill, and the adaptive matrix with host
// and device vectors (its transpose through the core's fallback), with and
// without the CSR arrays sent during the analysis.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/segspmv.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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
#include "segspmv_params.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

class SegspmvGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, segspmv GPU tests skipped: " << device_status();
  }
};

using test::describe;
using test::expect_close;
using test::segspmv_with;
using test::to_device;
using test::to_host;
using S = SegspmvVariant;

using test::nans;

// NaN where the expected value is, the same infinity, within the bound elsewhere.
template <class V>
void expect_close_or_nan(const std::vector<V>& got, const std::vector<V>& expect, double bound) {
  ASSERT_EQ(got.size(), expect.size());
  for (std::size_t r = 0; r < got.size(); ++r) {
    ASSERT_EQ(test::is_nan(got[r]), test::is_nan(expect[r])) << "row " << r;
    if (test::is_inf(expect[r]))
      ASSERT_EQ(got[r], expect[r]) << "row " << r;
    else if (!test::is_nan(expect[r]))
      ASSERT_LE(test::distance(got[r], expect[r]), bound) << "row " << r;
  }
}

// The device format against its host half (test::expect_device_matches_host)
// on the caller's stream and one of its own; the row maps.
template <class V, class I>
void check_device_format(const test::OwnedCsr<V, I>& m, const SegspmvParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  SegspmvHostFormat<V, I> host(p);
  host.build(m.view());
  OwnedStream own;
  auto dev = host.upload(own.get());
  synchronize(own.get());
  // One block of its seven arrays, a small matrix's CSR arrays too.
  test::expect_layout_block(dev->device_bytes(), host.layout().device_bytes(sizeof(V), sizeof(I)), 7, m.view());
  for (Stream stream : {Stream(nullptr), own.get()}) test::expect_device_matches_host(host, *dev, m, stream);
  test::expect_row_maps_match_host(host, *dev, m, own.get());
}

template <class V, class I>
std::vector<test::OwnedCsr<V, I>> matrices() {
  std::vector<test::OwnedCsr<V, I>> list;
  list.push_back(test::csr_of_lengths<V, I>(std::vector<std::int64_t>(3000, 27), 3500, 1));  // stencil-like
  list.push_back(test::csr_of_lengths<V, I>(std::vector<std::int64_t>(2000, 39), 2500, 2));  // qcd-like
  list.push_back(test::power_law_csr<V, I>(3000, 2500, 2.0, 1, 3));
  list.push_back(test::circuit_csr<V, I>(5000, 5000, 6, 3000, 4));
  list.push_back(test::random_csr<V, I>({700, 600, 0.03, 0.1, 2, 5}));
  list.push_back(test::mixed_length_csr<V, I>(6));
  return list;
}

// test::edge_csr_list (rows exactly L = 32 long).
template <class V, class I>
std::vector<test::OwnedCsr<V, I>> edge_matrices() {
  return test::edge_csr_list<V, I>(32);
}

template <class P>
class SegspmvGpuTyped : public SegspmvGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(SegspmvGpuTyped, TypePairs);

TYPED_TEST(SegspmvGpuTyped, DeviceFormatMatchesTheHostForEveryParameterSet) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : matrices<V, I>())
    for (const SegspmvParams& p : test::segspmv_param_sets()) check_device_format(m, p);
}

TYPED_TEST(SegspmvGpuTyped, EdgeCases) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : edge_matrices<V, I>())
    for (const SegspmvParams& p : test::segspmv_param_sets()) check_device_format(m, p);
}

// Padding is skipped, not multiplied: with NaN in x[0] only the rows that
// hold column 0 turn NaN (padding that read x[0] as 0 * NaN would spread it);
// NaN and Inf in the matrix reach the rows CSR's reach.
TYPED_TEST(SegspmvGpuTyped, PaddingNeverReadsXAndNanInfPropagateAsInCsr) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const V nan = test::nan<V>(), inf = test::inf<V>();
  std::vector<std::int64_t> lengths(3000, 27);
  lengths[5] = 5000;  // a long row
  auto m = test::csr_of_lengths<V, I>(lengths, 6000, 1);
  m.values[std::size_t(m.row_ptr[10])] = inf;
  m.values[std::size_t(m.row_ptr[20]) + 3] = nan;
  m.values[std::size_t(m.row_ptr[6]) - 1] = -inf;
  auto x = test::random_vector<V>(std::size_t(m.cols), 3);
  x[0] = nan;
  const DeviceBuffer<V> dx = to_device(x);
  const auto y0 = test::random_vector<V>(std::size_t(m.rows), 4);
  for (const SegspmvParams& p : test::segspmv_param_sets()) {
    SCOPED_TRACE(describe(p));
    SegspmvHostFormat<V, I> host(p);
    host.build(m.view());
    auto dev = host.upload(nullptr);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
      DeviceBuffer<V> dy = to_device(beta == V(0) ? nans<V>(y0.size()) : y0);
      dev->apply(alpha, dx.data(), beta, dy.data(), nullptr);
      synchronize(nullptr);
      const std::vector<V> got = to_host(dy);
      expect_close_or_nan(got, expect, 2 * test::error_bound(m.view(), false, alpha, x, beta, y0));
      EXPECT_TRUE(test::is_inf(got[10]));
      EXPECT_TRUE(test::is_nan(got[20]));
      EXPECT_LT(std::count_if(got.begin(), got.end(), [](V v) { return test::is_nan(v); }), 100);
    }
  }
}

TYPED_TEST(SegspmvGpuTyped, UploadValuesAfterARefill) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const auto m = test::power_law_csr<V, I>(3000, 2500, 2.0, 1, 41);
  for (const SegspmvParams& p : {segspmv_with(4, S::tree, 64, 4), SegspmvParams{}}) {
    SCOPED_TRACE(describe(p));
    SegspmvHostFormat<V, I> host(p);
    test::expect_upload_values_after_refill(host, m);
  }
}

template <class V, class I>
void check_adaptive(const test::OwnedCsr<V, I>& m, std::size_t prefetch_min_nnz, const TuningParams& params,
                    ReorderChoice reorder = ReorderChoice::never) {
  test::expect_fixed_format_matches(FormatId::segspmv, m, prefetch_min_nnz, params, reorder);
}

TYPED_TEST(SegspmvGpuTyped, AdaptiveMatrixWithAndWithoutTheArraysSentDuringTheAnalysis) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  TuningParams small;  // the tree, long rows in blocks of 128 slots
  for (const char* s : {"segspmv.variant=tree", "segspmv.block_threads=32", "segspmv.unroll=4"}) small.set(s);
  auto list = matrices<V, I>();
  for (auto& m : edge_matrices<V, I>()) list.push_back(std::move(m));
  test::expect_fixed_format_with_and_without_prefetch(FormatId::segspmv, list, {TuningParams{}, small});
}

// Streaming asked for: taken by a layout with slots, never by one of none,
// whose pieces (of no slots) the phased loads of streamed slots would read
// from its first segment.
TEST_F(SegspmvGpu, ALayoutOfNoSlotsIsNeverStreamed) {
  const SegspmvParams p = segspmv_with(0, S::vector, 128, 8, 0, 1);
  for (std::int64_t length : {0, 3}) {
    SCOPED_TRACE("rows of " + std::to_string(length));
    const auto m = test::csr_of_lengths<double, std::int32_t>(std::vector<std::int64_t>(100, length), 100, 1);
    SegspmvHostFormat<double, std::int32_t> host(p);
    host.build(m.view());
    auto dev = host.upload(nullptr);
    const bool streamed = dev->describe()[0].find("slots streamed past the caches") != std::string::npos;
    EXPECT_EQ(streamed, length > 0) << dev->describe()[0];
    test::expect_device_matches_host(host, *dev, m, nullptr);
  }
}

// Reordered (RCM): the format writes the caller's rows itself through the row map.
TYPED_TEST(SegspmvGpuTyped, AdaptiveMatrixReordered) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  check_adaptive(test::power_law_csr<V, I>(3000, 3000, 2.0, 1, 51), SIZE_MAX, TuningParams{}, ReorderChoice::always);
  check_adaptive(test::circuit_csr<V, I>(4000, 4000, 6, 2000, 52), 0, TuningParams{}, ReorderChoice::always);
}

}  // namespace
}  // namespace aijadaptive
