// 64-bit indices narrowed to 32 bits by row slab (src/core/narrowed_indices.hpp):
// the slabs cover the rows in order, hold at most the asked nonzeros (a longer
// row alone), count their offsets from their own first nonzero, and their
// products put together are the whole matrix's.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/narrowed_indices.hpp"
#include "device_vectors.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

using Slabs = detail::NarrowedIndices<double>;

template <class I>
void expect_slabs_cover(const Slabs& n, const test::OwnedCsr<double, I>& m, std::int64_t max_nnz) {
  std::int64_t row = 0;
  for (const auto& s : n.slabs()) {
    EXPECT_EQ(s.row_begin, row);
    ASSERT_GT(s.row_end, s.row_begin);
    EXPECT_EQ(s.entry_begin, std::int64_t(m.row_ptr[std::size_t(s.row_begin)]));
    const std::int64_t nnz = std::int64_t(m.row_ptr[std::size_t(s.row_end)]) - s.entry_begin;
    EXPECT_EQ(std::int64_t(s.col_idx.size()), nnz);
    if (s.row_end - s.row_begin > 1) EXPECT_LE(nnz, max_nnz) << "rows " << s.row_begin << " to " << s.row_end;
    for (std::int64_t r = s.row_begin; r <= s.row_end; ++r)
      ASSERT_EQ(std::int64_t(s.row_ptr[std::size_t(r - s.row_begin)]),
                std::int64_t(m.row_ptr[std::size_t(r)]) - s.entry_begin);
    for (std::int64_t k = 0; k < nnz; ++k)
      ASSERT_EQ(std::int64_t(s.col_idx[std::size_t(k)]), std::int64_t(m.col_idx[std::size_t(s.entry_begin + k)]));
    row = s.row_end;
  }
  EXPECT_EQ(row, std::int64_t(m.rows));
}

// The slabs' products, one after the other as the core runs them: each
// writes its rows of y (plain), or adds its part to y (transpose).
void slab_products(const Slabs& n, const std::vector<double>& values, Op op, double alpha, const double* x,
                   double beta, double* y) {
  for (std::size_t k = 0; k < n.slabs().size(); ++k) {
    const std::int64_t first = n.slabs()[k].row_begin;
    if (op == Op::plain) csr_reference_apply(n.view(k, values.data()), op, alpha, x, beta, y + first);
    else csr_reference_apply(n.view(k, values.data()), op, alpha, x + first, k == 0 ? beta : 1.0, y);
  }
}

TEST(NarrowedIndices, SlabsCoverTheRowsWithTheirOwnOffsetsAndMultiplyAsTheWhole) {
  const auto m = test::random_csr<double, std::int64_t>({3000, 2000, 0.01, 0.1, 0, 7});
  const std::int64_t nnz = m.row_ptr.back();
  for (std::int64_t max_nnz : {std::int64_t(997), nnz / 3, nnz, nnz * 2}) {
    SCOPED_TRACE("max_nnz " + std::to_string(max_nnz));
    Slabs n;
    n.assign(m.view(), max_nnz);
    expect_slabs_cover(n, m, max_nnz);
    const std::size_t fewest = std::size_t((nnz + max_nnz - 1) / max_nnz);
    EXPECT_GE(n.slabs().size(), fewest);
    EXPECT_LE(n.slabs().size(), 2 * fewest);  // equal shares, not a long tail of small slabs
    std::size_t copies = 0;
    for (const auto& s : n.slabs()) copies += (s.row_ptr.size() + s.col_idx.size()) * 4;
    EXPECT_EQ(n.host_bytes(), copies);
    for (Op op : {Op::plain, Op::transpose}) {
      const bool t = op == Op::transpose;
      const auto x = test::random_vector<double>(std::size_t(t ? m.rows : m.cols), 3);
      const auto y0 = test::random_vector<double>(std::size_t(t ? m.cols : m.rows), 4);
      std::vector<double> expect = y0, got = y0;
      csr_reference_apply(m.view(), op, 1.5, x.data(), -0.5, expect.data());
      slab_products(n, m.values, op, 1.5, x.data(), -0.5, got.data());
      test::expect_close(got, expect, 2 * test::error_bound(m.view(), t, 1.5, x, -0.5, y0));
    }
  }
}

TEST(NarrowedIndices, ARowLongerThanASlabIsASlabOfItsOwn) {
  // Row 0 is dense (2000 nonzeros), far more than a slab may hold.
  const auto m = test::random_csr<double, std::int64_t>({50, 2000, 0.01, 0, 1, 8});
  Slabs n;
  n.assign(m.view(), 100);
  expect_slabs_cover(n, m, 100);
  ASSERT_GE(n.slabs().size(), 2u);
  EXPECT_EQ(n.slabs()[0].row_end, 1);
  EXPECT_EQ(n.slabs()[0].col_idx.size(), 2000u);
}

TEST(NarrowedIndices, ASlabSizeOutsideThirtyTwoBitsIsRefused) {
  const auto m = test::random_csr<double, std::int64_t>({30, 30, 0.1, 0, 0, 10});
  for (std::int64_t bad : {std::int64_t(0), std::int64_t(1) << 31}) {
    MatrixOptions o;
    o.slab_max_nnz = bad;
    AdaptiveMatrix<double, std::int64_t> a(o);
    try {
      a.build(m.view());
      ADD_FAILURE() << "slab_max_nnz " << bad << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("slab_max_nnz"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace aijadaptive
