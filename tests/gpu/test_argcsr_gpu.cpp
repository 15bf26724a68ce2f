// Format `argcsr` on the GPU against its host reference (which walks the same
// groups, threads and chunks in the kernel's order of additions): all type
// pairs, several (T, desired chunk) and both cache hints, beta == 0 with NaN
// in y, the same bits on every run; a refill then upload_values; the adaptive
// matrix with host and device vectors (its transpose through the core's
// cuSPARSE fallback), with and without the CSR arrays sent during the
// analysis, and reordered; NaN and Inf in the matrix.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/argcsr.hpp>
#include <gtest/gtest.h>

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
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

class ArgcsrGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, argcsr GPU tests skipped: " << device_status();
  }
};

using test::expect_close;
using test::to_device;
using test::to_host;

// long_row 1: rows cut into parts from long_chunk * T entries on, whatever
// the matrix's size (0: by size, as the defaults).
ArgcsrParams params(int t, std::int64_t chunk, int stream_loads = -1, std::int64_t long_chunk = 8,
                    std::int64_t long_row = 1) {
  ArgcsrParams p;
  p.block_threads = t;
  p.desired_chunk = chunk;
  p.stream_loads = stream_loads;
  p.long_chunk = long_chunk;
  p.long_row = long_row;
  return p;
}

std::string describe(const ArgcsrParams& p) {
  return "T " + std::to_string(p.block_threads) + " desired chunk " + std::to_string(p.desired_chunk) +
         " stream_loads " + std::to_string(p.stream_loads) + " long chunk " + std::to_string(p.long_chunk) +
         " long row " + std::to_string(p.long_row);
}

// The defaults (T = 128, chunk 1), the smallest and largest T, T not a power
// of two, larger chunks, each cache hint; long rows in parts of T entries
// (more parts than threads: the row of 100000 has 3125 parts of 32) and of
// 2 T; the defaults' long_row by size (small matrices: rows of up to 4096
// entries in one group), and one set in between.
const ArgcsrParams kParamSets[] = {params(128, 1),      params(32, 1, 1),  params(32, 4, 0), params(64, 2),
                                   params(96, 3, 1),    params(256, 1, 0), params(128, 32),  params(1024, 1, 1),
                                   params(32, 1, 0, 1), params(128, 4, -1, 2), ArgcsrParams{},
                                   params(32, 1, -1, 1, 200)};

using test::nans;

// The device format against its host half (test::expect_device_matches_host)
// on the caller's stream and one of its own.
template <class V, class I>
void check_device_format(const test::OwnedCsr<V, I>& m, const ArgcsrParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  ArgcsrHostFormat<V, I> host(p);
  host.build(m.view());
  OwnedStream own;
  auto dev = host.upload(own.get());
  synchronize(own.get());
  // The layout's six arrays in one block, a small matrix's CSR arrays too.
  test::expect_layout_block(dev->device_bytes(), host.layout().device_bytes(sizeof(V), sizeof(I)), 6, m.view());
  for (Stream stream : {Stream(nullptr), own.get()}) test::expect_device_matches_host(host, *dev, m, stream);
}

template <class V, class I>
std::vector<test::OwnedCsr<V, I>> matrices() {
  std::vector<test::OwnedCsr<V, I>> list;
  list.push_back(test::power_law_csr<V, I>(3000, 2500, 2.0, 1, 1));
  list.push_back(test::circuit_csr<V, I>(5000, 5000, 6, 3000, 3));
  list.push_back(test::long_row_csr<V, I>(300, 6000, 200, 5000, 4));
  list.push_back(test::random_csr<V, I>({700, 600, 0.03, 0.1, 2, 5}));
  list.push_back(test::csr_of_lengths<V, I>(std::vector<std::int64_t>(3000, 27), 4000, 6));  // stencil-like
  return list;
}

// test::edge_csr_list.
template <class V, class I>
std::vector<test::OwnedCsr<V, I>> edge_matrices() {
  return test::edge_csr_list<V, I>(0);
}

template <class P>
class ArgcsrGpuTyped : public ArgcsrGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(ArgcsrGpuTyped, TypePairs);

TYPED_TEST(ArgcsrGpuTyped, DeviceFormatMatchesTheHostForEveryParameterSet) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : matrices<V, I>())
    for (const ArgcsrParams& p : kParamSets) check_device_format(m, p);
}

TYPED_TEST(ArgcsrGpuTyped, EdgeCases) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& m : edge_matrices<V, I>())
    for (const ArgcsrParams& p : kParamSets) check_device_format(m, p);
}

// New values, the same pattern: upload_values() fills the slots' values again
// (their columns stay), by the fill kernel or, for a layout of at most
// refill_on_host slots, put in place on the host (the padding staying zero).
TYPED_TEST(ArgcsrGpuTyped, UploadValuesAfterARefill) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  const auto m = test::circuit_csr<V, I>(4000, 4000, 5, 2000, 41);
  for (ArgcsrParams p : {params(128, 1), params(32, 4, 1), params(32, 1, -1, 1)})
    for (const std::int64_t on_host : {std::int64_t(0), kArgcsrMostRefillOnHost}) {
      p.refill_on_host = on_host;
      SCOPED_TRACE(describe(p) + " refill on host up to " + std::to_string(on_host) + " slots");
      ArgcsrHostFormat<V, I> host(p);
      test::expect_upload_values_after_refill(host, m);
    }
}

template <class V, class I>
void check_adaptive(const test::OwnedCsr<V, I>& m, std::size_t prefetch_min_nnz, const TuningParams& params,
                    ReorderChoice reorder = ReorderChoice::never) {
  test::expect_fixed_format_matches(FormatId::argcsr, m, prefetch_min_nnz, params, reorder);
}

TYPED_TEST(ArgcsrGpuTyped, AdaptiveMatrixWithAndWithoutTheArraysSentDuringTheAnalysis) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  TuningParams small;  // T = 32, fuller groups
  small.set("argcsr.block_threads=32");
  small.set("argcsr.desired_chunk=4");
  auto list = matrices<V, I>();
  for (auto& m : edge_matrices<V, I>()) list.push_back(std::move(m));
  test::expect_fixed_format_with_and_without_prefetch(FormatId::argcsr, list, {TuningParams{}, small});
}

// Reordered (RCM): the core writes the caller's rows (argcsr has no row map).
TYPED_TEST(ArgcsrGpuTyped, AdaptiveMatrixReordered) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  check_adaptive(test::power_law_csr<V, I>(3000, 3000, 2.0, 1, 51), SIZE_MAX, TuningParams{}, ReorderChoice::always);
  check_adaptive(test::circuit_csr<V, I>(4000, 4000, 6, 2000, 52), 0, TuningParams{}, ReorderChoice::always);
}

// Refill through the adaptive matrix: new values reach the slots, twice (the
// host's map and copy made at the first refill serve the second), by the fill
// kernel and on the host.
TEST_F(ArgcsrGpu, AdaptiveMatrixRefill) {
  for (const char* on_host : {"argcsr.refill_on_host=0", "argcsr.refill_on_host=65536"}) {
    SCOPED_TRACE(on_host);
    auto m = test::power_law_csr<double, std::int32_t>(5000, 5000, 2.0, 2, 61);
    MatrixOptions o;
    o.format = FormatChoice::fixed(FormatId::argcsr);
    o.params.set(on_host);
    AdaptiveMatrix<double, std::int32_t> a(o);
    a.build(m.view());
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    for (const double scale : {2.0, -0.5}) {
      for (auto& v : m.values) v = scale * v + 1;
      a.refill(m.view());
      ArgcsrHostFormat<double, std::int32_t> ref(argcsr_params(o.params));
      ref.build(m.view());
      const auto x = test::random_vector<double>(5000, 62);
      std::vector<double> y(5000), expect(5000);
      a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
      ref.apply(Op::plain, 1.0, x.data(), 0.0, expect.data());
      expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
    }
  }
}

TEST_F(ArgcsrGpu, NanAndInfInTheMatrixPropagate) {
  // A long row split over T threads, short rows sharing a group, an empty row.
  auto m = test::csr_of_lengths<float, std::int32_t>({300, 2, 3, 0, 1, 5}, 400, 71);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  m.values[150] = nan;                                   // a middle thread of the long row
  m.values[std::size_t(m.row_ptr[2])] = inf;             // a short row
  m.values[std::size_t(m.row_ptr[5]) + 4] = -inf;        // the last entry of the last row
  for (const ArgcsrParams& p : {params(32, 1), params(128, 1), params(32, 8), params(32, 1, -1, 1)}) {
    SCOPED_TRACE(describe(p));
    ArgcsrHostFormat<float, std::int32_t> host(p);
    host.build(m.view());
    auto dev = host.upload(nullptr);
    const DeviceBuffer<float> dx = to_device(std::vector<float>(std::size_t(m.cols), 1.0f));
    DeviceBuffer<float> dy = to_device(nans<float>(std::size_t(m.rows)));
    dev->apply(1.0f, dx.data(), 0.0f, dy.data(), nullptr);
    const auto y = to_host(dy);
    EXPECT_TRUE(test::is_nan(y[0]));
    EXPECT_TRUE(test::is_finite(y[1]));
    EXPECT_EQ(y[2], inf);
    EXPECT_EQ(y[3], 0.0f);  // empty: NaN in y not read
    EXPECT_TRUE(test::is_finite(y[4]));
    EXPECT_EQ(y[5], -inf);
  }
}

}  // namespace
}  // namespace aijadaptive
