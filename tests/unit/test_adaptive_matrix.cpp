// The adaptive matrix on the host path: placement, refill, misuse.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/selector.hpp>
#include <gtest/gtest.h>

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
