// The core's copy of the caller's CSR arrays, taken back from the device (a
// deferred set-up builds from it): the same matrix, and independent of the
// arrays on the device once made.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/csr_copy.hpp"
#include "device_vectors.hpp"

namespace aijadaptive {
namespace {

using test::to_device;

template <class V, class I>
void expect_same(const CsrView<V, I>& c, const std::vector<I>& row_ptr, const std::vector<I>& col_idx,
                 const std::vector<V>& values) {
  ASSERT_EQ(std::size_t(c.rows) + 1, row_ptr.size());
  EXPECT_EQ(std::vector<I>(c.row_ptr, c.row_ptr + row_ptr.size()), row_ptr);
  EXPECT_EQ(std::vector<I>(c.col_idx, c.col_idx + col_idx.size()), col_idx);
  EXPECT_EQ(std::vector<V>(c.values, c.values + values.size()), values);
}

class CsrCopyGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

TEST_F(CsrCopyGpu, IsTheMatrixOnTheDeviceAndOwnsItsArrays) {
  const std::int64_t rows = 700000, cols = 700007;  // rows of 0 to 16 entries: arrays of several pieces
  std::vector<std::int64_t> row_ptr{0};
  std::vector<std::int64_t> col_idx;
  std::vector<float> values;
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t k = 0; k < (i * 7) % 17; ++k) {
      col_idx.push_back((i + 3 * k) % cols);
      values.push_back(float(i % 1000) + 0.25f * float(k));
    }
    row_ptr.push_back(std::int64_t(col_idx.size()));
  }
  const DeviceBuffer<std::int64_t> d_ptr = to_device(row_ptr), d_col = to_device(col_idx);
  DeviceBuffer<float> d_val = to_device(values);
  const OwnedStream stream;
  const detail::CsrCopy<float, std::int64_t> copy(rows, cols, std::int64_t(col_idx.size()),
                                                  {d_ptr.data(), d_col.data(), d_val.data()}, stream.get());
  EXPECT_EQ(copy.view().cols, cols);
  expect_same(copy.view(), row_ptr, col_idx, values);
  const std::vector<float> minus(values.size(), -1.0f);
  copy_to_device(d_val.data(), minus.data(), d_val.bytes(), nullptr);
  synchronize(nullptr);
  expect_same(copy.view(), row_ptr, col_idx, values);
}

TEST_F(CsrCopyGpu, OfAMatrixWithoutEntries) {
  const std::vector<int> ptr{0, 0, 0};
  const DeviceBuffer<int> d_ptr = to_device(ptr);
  const detail::CsrCopy<double, int> empty_rows(2, 5, 0, {d_ptr.data(), nullptr, nullptr}, nullptr);
  EXPECT_EQ(empty_rows.view().cols, 5);
  EXPECT_EQ(empty_rows.view().nnz(), 0);
  expect_same(empty_rows.view(), ptr, {}, {});
}

}  // namespace
}  // namespace aijadaptive
