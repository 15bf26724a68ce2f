// The CSR arrays sent to the GPU during the analysis (csr_prefetch.hpp): the
// copy itself, on a GPU or failing without one; the formats' use of it is in
// gpu/test_adaptive_matrix_gpu.cpp.
#include <aijadaptive/csr_prefetch.hpp>
#include <aijadaptive/device.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "device_vectors.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

TEST(CsrPrefetch, WithoutAGpuTheCopyFailsAndSaysWhyWithoutThrowing) {
  if (device_count() > 0) GTEST_SKIP() << "a GPU is present: the copy succeeds (see the next test)";
  const auto m = test::random_csr<double, std::int32_t>({500, 400, 0.02, 0.1, 1, 3});
  CsrPrefetch<double, std::int32_t> p(m.view(), 0);
  EXPECT_EQ(p.wait(), nullptr);
  EXPECT_FALSE(p.why_not().empty());
  EXPECT_FALSE(p.take().has_value());
  EXPECT_FALSE(p.used());
}

TEST(CsrPrefetch, TheArraysArriveWholeAndAreTakenOnce) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  for (double empty_rows : {0.0, 0.3}) {
    const auto m = test::random_csr<float, std::int64_t>({3000, 2500, 0.01, empty_rows, 2, 4});
    CsrPrefetch<float, std::int64_t> p(m.view(), current_device());
    EXPECT_TRUE(p.copies(m.view()));
    auto other = m.view();
    other.values = nullptr;
    EXPECT_FALSE(p.copies(other));
    const DeviceCsrArrays<float, std::int64_t>* d = p.wait();
    ASSERT_NE(d, nullptr) << p.why_not();
    EXPECT_TRUE(p.used());
    EXPECT_EQ(test::to_host(d->row_ptr), m.row_ptr);
    EXPECT_EQ(test::to_host(d->col_idx), m.col_idx);
    EXPECT_EQ(test::to_host(d->values), m.values);
    EXPECT_EQ(p.bytes(), d->row_ptr.bytes() + d->col_idx.bytes() + d->values.bytes());
    std::optional<DeviceCsrArrays<float, std::int64_t>> taken = p.take();
    ASSERT_TRUE(taken.has_value());
    EXPECT_EQ(test::to_host(taken->values), m.values);
    EXPECT_EQ(p.wait(), nullptr);  // taken: nothing left to read
    EXPECT_FALSE(p.take().has_value());
  }
}

TEST(CsrPrefetch, AContextFindsOnlyThePrefetchOfItsOwnMatrixAndTypes) {
  const auto m = test::random_csr<double, std::int32_t>({50, 50, 0.1, 0, 0, 5});
  const auto other = test::random_csr<double, std::int32_t>({50, 50, 0.1, 0, 0, 6});
  auto p = std::make_shared<CsrPrefetch<double, std::int32_t>>(m.view(), device_count() > 0 ? current_device() : 0);
  FormatContext c;
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), nullptr);  // none started
  c.csr_prefetch = p;
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), p);
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, other.view()), nullptr);
  const test::OwnedCsr<float, std::int32_t> f = test::random_csr<float, std::int32_t>({50, 50, 0.1, 0, 0, 5});
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, f.view()), nullptr);  // other value type
  p.reset();
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), nullptr);  // released
}

}  // namespace
}  // namespace aijadaptive
