// Format `csr` on the GPU against the host reference: host and device vectors,
// both transfer modes, transpose (and conjugate transpose for complex values),
// refill, x caching.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/scalar.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "device_vectors.hpp"  // the device resources released at the end, as a program should
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

class CsrGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

template <class V, class I>
void expect_close(const test::OwnedCsr<V, I>& m, Op op, V alpha, const std::vector<V>& x, V beta,
                  const std::vector<V>& y0, const std::vector<V>& got) {
  std::vector<V> expect = y0;
  csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
  const double bound = test::error_bound(m.view(), op != Op::plain, alpha, x, beta, y0);
  ASSERT_EQ(got.size(), expect.size());
  for (std::size_t r = 0; r < got.size(); ++r)
    ASSERT_LE(test::distance(got[r], expect[r]), 2 * bound) << "entry " << r;
}

template <class V, class I>
void check_matrix(const test::OwnedCsr<V, I>& m, HostTransfer transfer) {
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::csr);
  o.host_transfer = transfer;
  AdaptiveMatrix<V, I> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  ASSERT_EQ(a.format_name(), "csr");
  std::vector<Op> ops{Op::plain, Op::transpose};
  if (is_complex_v<V>) ops.push_back(Op::conjugate_transpose);  // cuSPARSE's own
  for (Op op : ops) {
    const bool t = op != Op::plain;
    const std::size_t nx = t ? m.rows : m.cols, ny = t ? m.cols : m.rows;
    const auto x = test::random_vector<V>(nx, 5);
    const auto y0 = test::random_vector<V>(ny, 6);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
      // Host vectors.
      std::vector<V> y = y0;
      a.apply(op, alpha, {x.data()}, beta, {y.data()});
      expect_close(m, op, alpha, x, beta, y0, y);
      // Device vectors.
      DeviceBuffer<V> dx(nx), dy(ny);
      copy_to_device(dx.data(), x.data(), nx * sizeof(V), nullptr);
      copy_to_device(dy.data(), y0.data(), ny * sizeof(V), nullptr);
      synchronize(nullptr);
      a.apply(op, alpha, {dx.data(), MemSpace::device}, beta, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      std::vector<V> back(ny);
      copy_to_host(back.data(), dy.data(), ny * sizeof(V), nullptr);
      synchronize(nullptr);
      expect_close(m, op, alpha, x, beta, y0, back);
    }
  }
}

TEST_F(CsrGpu, MatchesTheHostOnGeneratedMatricesAndEdgeCases) {
  const test::RandomShape shapes[] = {
      {1000, 1000, 0.01, 0.1, 0, 1}, {777, 1234, 0.02, 0.2, 2, 2}, {0, 0, 0, 0, 0, 3},
      {1, 1, 1, 0, 0, 4},           {300, 5, 0.5, 0, 0, 5},       {40, 20000, 0.001, 0, 1, 6},
      {50, 50, 0, 0, 0, 7}};
  for (const auto& s : shapes) {
    SCOPED_TRACE("shape " + std::to_string(s.rows) + "x" + std::to_string(s.cols));
    check_matrix(test::random_csr<double, std::int32_t>(s), HostTransfer::staged);
    check_matrix(test::random_csr<double, std::int64_t>(s), HostTransfer::direct);
    check_matrix(test::random_csr<float, std::int32_t>(s), HostTransfer::staged);
    check_matrix(test::random_csr<float, std::int64_t>(s), HostTransfer::direct);
#if AIJADAPTIVE_HAVE_COMPLEX
    check_matrix(test::random_csr<std::complex<double>, std::int32_t>(s), HostTransfer::staged);
    check_matrix(test::random_csr<std::complex<float>, std::int64_t>(s), HostTransfer::direct);
#endif
  }
}

MatrixOptions csr_format() {
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::csr);
  return o;
}

TEST_F(CsrGpu, RefillUploadsNewValues) {
  auto m = test::random_csr<double, std::int32_t>({5000, 5000, 0.002, 0, 0, 8});
  AdaptiveMatrix<double, std::int32_t> a(csr_format());
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device);
  for (auto& v : m.values) v = 2 * v + 1;
  a.refill(m.view());
  const auto x = test::random_vector<double>(5000, 9);
  std::vector<double> y(5000);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  expect_close(m, Op::plain, 1.0, x, 0.0, std::vector<double>(5000), y);
}

TEST_F(CsrGpu, AnUnchangedHostXIsNotSentAgainAndAChangedKeyIsHonoured) {
  auto m = test::random_csr<double, std::int32_t>({2000, 2000, 0.005, 0, 0, 10});
  AdaptiveMatrix<double, std::int32_t> a(csr_format());
  a.build(m.view());
  auto x = test::random_vector<double>(2000, 11);
  std::vector<double> y(2000);
  TransferBytes first = a.apply(Op::plain, 1.0, {x.data(), MemSpace::host, 42}, 0.0, {y.data()});
  EXPECT_EQ(first.to_device, 2000 * sizeof(double));
  TransferBytes again = a.apply(Op::plain, 1.0, {x.data(), MemSpace::host, 42}, 0.0, {y.data()});
  EXPECT_EQ(again.to_device, 0u);
  EXPECT_EQ(again.to_host, 2000 * sizeof(double));
  x[0] += 1;  // a new key after a change: must be sent and used
  TransferBytes changed = a.apply(Op::plain, 1.0, {x.data(), MemSpace::host, 43}, 0.0, {y.data()});
  EXPECT_EQ(changed.to_device, 2000 * sizeof(double));
  expect_close(m, Op::plain, 1.0, x, 0.0, std::vector<double>(2000), y);
}

TEST_F(CsrGpu, TheDeviceHalfDoesBothProductsItself) {
  const auto m = test::random_csr<float, std::int64_t>({700, 300, 0.02, 0.1, 1, 14});
  CsrHostFormat<float, std::int64_t> host;
  host.build(m.view());
  EXPECT_TRUE(host.capabilities().transpose);
  auto dev = host.upload(nullptr);
  EXPECT_GE(dev->device_bytes(), m.values.size() * (sizeof(float) + sizeof(std::int64_t)));
  const auto x = test::random_vector<float>(700, 15);
  std::vector<float> expect(300);
  csr_reference_apply(m.view(), Op::transpose, 1.0f, x.data(), 0.0f, expect.data());
  DeviceBuffer<float> dx(700), dy(300);
  copy_to_device(dx.data(), x.data(), dx.bytes(), nullptr);
  dev->apply_transpose(1.0f, dx.data(), 0.0f, dy.data(), nullptr);
  std::vector<float> got(300);
  copy_to_host(got.data(), dy.data(), dy.bytes(), nullptr);
  synchronize(nullptr);
  expect_close(m, Op::transpose, 1.0f, x, 0.0f, std::vector<float>(300), got);
}

}  // namespace
}  // namespace aijadaptive
