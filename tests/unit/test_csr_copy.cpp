// The core's copy of the caller's CSR arrays (a deferred set-up builds from
// it): the same matrix, in row parts on several threads for a large one, and
// independent of the caller's arrays once made.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "core/csr_copy.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive {
namespace {

template <class V, class I>
void expect_same(const CsrView<V, I>& c, const std::vector<I>& row_ptr, const std::vector<I>& col_idx,
                 const std::vector<V>& values) {
  ASSERT_EQ(std::size_t(c.rows) + 1, row_ptr.size());
  EXPECT_EQ(std::vector<I>(c.row_ptr, c.row_ptr + row_ptr.size()), row_ptr);
  EXPECT_EQ(std::vector<I>(c.col_idx, c.col_idx + col_idx.size()), col_idx);
  EXPECT_EQ(std::vector<V>(c.values, c.values + values.size()), values);
}

TEST(CsrCopy, IsTheSameMatrixAndOwnsItsArrays) {
  // Rows of 0 to 16 entries, 9M in all: more than one row part wherever the
  // host has two threads.
  const std::int64_t rows = 1100000;
  std::vector<std::int64_t> row_ptr{0};
  std::vector<std::int64_t> col_idx;
  std::vector<float> values;
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t k = 0; k < (i * 7) % 17; ++k) {
      col_idx.push_back((i + 3 * k) % rows);
      values.push_back(float(i % 1000) + 0.25f * float(k));
    }
    row_ptr.push_back(std::int64_t(col_idx.size()));
  }
  const CsrView<float, std::int64_t> a{rows, rows, row_ptr.data(), col_idx.data(), values.data()};
  const detail::CsrCopy<float, std::int64_t> copy(a);
  expect_same(copy.view(), row_ptr, col_idx, values);
  EXPECT_NE(copy.view().col_idx, a.col_idx);
  if (std::thread::hardware_concurrency() >= 2) EXPECT_GE(detail::row_parts(rows, a.nnz(), 1).size(), 2u);
  const std::vector<std::int64_t> ptr_before = row_ptr, col_before = col_idx;
  const std::vector<float> values_before = values;
  std::fill(col_idx.begin(), col_idx.end(), 0);
  std::fill(values.begin(), values.end(), -1.0f);
  expect_same(copy.view(), ptr_before, col_before, values_before);
}

TEST(CsrCopy, OfAMatrixWithoutRowsOrEntries) {
  const std::vector<int> none{0};
  const detail::CsrCopy<double, int> empty(CsrView<double, int>{0, 0, none.data(), nullptr, nullptr});
  EXPECT_EQ(empty.view().rows, 0);
  EXPECT_EQ(empty.view().nnz(), 0);
  const std::vector<int> ptr{0, 0, 0};
  const detail::CsrCopy<double, int> empty_rows(CsrView<double, int>{2, 5, ptr.data(), nullptr, nullptr});
  EXPECT_EQ(empty_rows.view().cols, 5);
  EXPECT_EQ(empty_rows.view().nnz(), 0);
}

}  // namespace
}  // namespace aijadaptive
