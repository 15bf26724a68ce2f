// Format `ipcsr` on the GPU against its host reference (which walks the same
// row blocks): all type pairs, split and whole long rows, several T and
// SHARED_SIZE, host and device vectors through the adaptive matrix, the same
// bits on every run (the chunk arrival counters reset), beta == 0 with NaN in y,
// the rows written through a row map.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/ipcsr.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "adaptive_checks.hpp"
#include "device_vectors.hpp"
#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

class IpcsrGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, ipcsr GPU tests skipped: " << device_status();
  }
};

using test::expect_close;
using test::to_device;
using test::to_host;

// The device format directly, with explicit parameters.
template <class V, class I>
void check_device_format(const test::OwnedCsr<V, I>& m, const IpcsrParams& p) {
  SCOPED_TRACE("T " + std::to_string(p.block_threads) + " SHARED_SIZE " + std::to_string(p.shared_size) +
               (p.long_rows == IpcsrLongRows::split ? " split" : " whole") + " balance " +
               std::to_string(p.balance) + " unroll " + std::to_string(p.unroll) + " stream " +
               std::to_string(p.stream_loads) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  IpcsrHostFormat<V, I> host(p, device_info(current_device()));
  host.build(m.view());
  auto dev = host.upload(nullptr);
  synchronize(nullptr);
  EXPECT_GE(dev->device_bytes(), 2 * host.blocks().row.size() * sizeof(I));
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const std::size_t nx = t ? m.rows : m.cols, ny = t ? m.cols : m.rows;
    const auto x = test::random_vector<V>(nx, 5);
    const auto y0 = test::random_vector<V>(ny, 6);
    const DeviceBuffer<V> dx = to_device(x);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      host.apply(op, alpha, x.data(), beta, expect.data());
      // beta == 0 must not read y: start from NaN then.
      DeviceBuffer<V> dy = to_device(beta == V(0) ? std::vector<V>(ny, test::nan<V>()) : y0);
      if (t)
        dev->apply_transpose(alpha, dx.data(), beta, dy.data(), nullptr);
      else
        dev->apply(alpha, dx.data(), beta, dy.data(), nullptr);
      const std::vector<V> got = to_host(dy);
      expect_close(got, expect, 2 * test::error_bound(m.view(), t, alpha, x, beta, y0));
      if (op == Op::plain && beta == V(0)) {
        // Again, twice: the same bits (deterministic chunk sums, counters reset).
        for (int again = 0; again < 2; ++again) {
          dev->apply(alpha, dx.data(), beta, dy.data(), nullptr);
          ASSERT_EQ(to_host(dy), got) << "run " << again + 2 << " differs";
        }
      }
    }
  }
}

template <class V, class I>
void check_params_on(const test::OwnedCsr<V, I>& m) {
  const DeviceInfo& limits = device_info(current_device());
  IpcsrParams p;
  for (auto [t, s, mode] : {std::tuple{32, std::int64_t(8), IpcsrLongRows::split},
                            {64, std::int64_t(100), IpcsrLongRows::whole},
                            {96, std::int64_t(33), IpcsrLongRows::split},
                            {128, std::int64_t(1), IpcsrLongRows::split},
                            {256, ipcsr_shared_size(limits, 256, sizeof(V)), IpcsrLongRows::split},
                            {256, ipcsr_shared_size(limits, 256, sizeof(V)), IpcsrLongRows::whole},
                            // over 48 KB of shared memory: needs the opt-in
                            {1024, ipcsr_shared_size(limits, 1024, sizeof(V)), IpcsrLongRows::split}}) {
    p.block_threads = t;
    p.shared_size = s;
    p.long_rows = mode;
    p.min_threads_per_row = 1;
    p.balance = 0;
    p.stream_loads = 0;
    p.unroll = 4;
    check_device_format(m, p);
    p.min_threads_per_row = 8;  // fewer rows a block, more threads a row
    check_device_format(m, p);
    // The other kernel variants: 8 entries a trip, streaming loads, the
    // balance limit (and by size: these matrices fit in L2, so no .cs).
    p.min_threads_per_row = 1;
    p.balance = 2;
    p.unroll = 8;
    p.stream_loads = 1;
    check_device_format(m, p);
    p.stream_loads = -1;
    check_device_format(m, p);
  }
}

template <class P>
class IpcsrGpuTyped : public IpcsrGpu {};
using test::TypePairs;
TYPED_TEST_SUITE(IpcsrGpuTyped, TypePairs);

const test::RandomShape kShapes[] = {
    {1000, 1000, 0.01, 0.1, 0, 1}, {777, 1234, 0.02, 0.2, 2, 2}, {0, 0, 0, 0, 0, 3},
    {1, 1, 1, 0, 0, 4},           {300, 5, 0.5, 0, 0, 5},       {40, 20000, 0.001, 0, 3, 6},
    {50, 50, 0, 0, 0, 7},         {9, 0, 0, 0, 0, 8},           {2, 100000, 0.9, 0, 0, 9}};

TYPED_TEST(IpcsrGpuTyped, DeviceFormatMatchesTheHostForEveryParameterSet) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& s : kShapes) check_params_on(test::random_csr<V, I>(s));
}

// Through the adaptive matrix with MatrixOptions.format = ipcsr, the long-row
// mode set as a tuning parameter (as the benchmark and PETSc would).
template <class V, class I>
void check_adaptive(const test::OwnedCsr<V, I>& m, const char* long_rows, HostTransfer transfer) {
  SCOPED_TRACE(std::string(long_rows) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::ipcsr);
  o.host_transfer = transfer;
  o.params.set(FormatId::ipcsr, "long_rows", long_rows);
  test::expect_adaptive_matches_its_format(m, o);
}

TYPED_TEST(IpcsrGpuTyped, AdaptiveMatrixWithSplitAndWholeLongRows) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  for (const auto& s : kShapes) {
    const auto m = test::random_csr<V, I>(s);
    check_adaptive(m, "split", HostTransfer::staged);
    check_adaptive(m, "whole", HostTransfer::direct);
  }
}

TEST_F(IpcsrGpu, RefillUploadsNewValuesAndASmallBlockSizeSetAsParametersWorks) {
  auto m = test::random_csr<double, std::int32_t>({5000, 5000, 0.002, 0, 2, 8});
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::ipcsr);
  o.params.set("ipcsr.block_threads=64");
  o.params.set("ipcsr.shared_fraction=0.25");
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  for (auto& v : m.values) v = 2 * v + 1;
  a.refill(m.view());
  const DeviceInfo& device = device_info(current_device());
  IpcsrHostFormat<double, std::int32_t> ref(ipcsr_params(o.params, device, sizeof(double)), device);
  ASSERT_EQ(ref.params().block_threads, 64);
  ref.build(m.view());
  const auto x = test::random_vector<double>(5000, 9);
  std::vector<double> y(5000), expect(5000);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  ref.apply(Op::plain, 1.0, x.data(), 0.0, expect.data());
  expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
}

TEST_F(IpcsrGpu, NanAndInfInTheMatrixPropagateOnEveryPath) {
  // Rows 0-1 staged, row 2 long (3 chunks of 4, or whole), row 3 a one-row block.
  test::OwnedCsr<float, std::int32_t> m;
  m.rows = 4;
  m.cols = 10;
  m.row_ptr = {0, 2, 4, 14, 18};
  m.col_idx = {0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3};
  m.values.assign(18, 1.0f);
  m.values[0] = std::numeric_limits<float>::infinity();
  m.values[12] = std::numeric_limits<float>::quiet_NaN();
  for (IpcsrLongRows mode : {IpcsrLongRows::split, IpcsrLongRows::whole}) {
    IpcsrParams p;
    p.block_threads = 32;
    p.shared_size = 4;
    p.long_rows = mode;
    IpcsrHostFormat<float, std::int32_t> host(p, device_info(current_device()));
    host.build(m.view());
    auto dev = host.upload(nullptr);
    const DeviceBuffer<float> dx = to_device(std::vector<float>(10, 1.0f));
    DeviceBuffer<float> dy = to_device(std::vector<float>(4, std::numeric_limits<float>::quiet_NaN()));
    dev->apply(1.0f, dx.data(), 0.0f, dy.data(), nullptr);
    const auto y = to_host(dy);
    EXPECT_TRUE(test::is_inf(y[0]));
    EXPECT_EQ(y[1], 2.0f);
    EXPECT_TRUE(test::is_nan(y[2]));
    EXPECT_EQ(y[3], 4.0f);
  }
}

}  // namespace
}  // namespace aijadaptive
