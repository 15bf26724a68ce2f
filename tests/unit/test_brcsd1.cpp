// Format `brcsd1` on the host: the piece points of BRCSD-I, its pieces and
// their diagonals, layout and host kernel on the shared test matrices; the
// three diagonal formats' refusal of a matrix that is not diagonal.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/brcsd1.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "diagonal_checks.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

template <class P>
class Brcsd1Host : public ::testing::Test {};
TYPED_TEST_SUITE(Brcsd1Host, test::TypePairs);

TYPED_TEST(Brcsd1Host, EveryTestMatrix) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  test::check_format_on_test_matrices<V, I>(FormatId::brcsd1);
  TuningParams p;
  p.set("brcsd1.eta=1");  // every point kept
  p.set("brcsd1.block_threads=64");
  test::check_format_on_test_matrices<V, I>(FormatId::brcsd1, p);
}

TEST(Brcsd1, PiecePointsWhereDiagonalsEnterOrLeaveTrimmedByEta) {
  // n = 1000, offsets -300 (enters at row 300), 0, +200 (leaves at row 800).
  EXPECT_EQ(brcsd1_piece_points({-300, 0, 200}, 1000, 1000, 1), (std::vector<std::int64_t>{0, 300, 800, 1000}));
  // eta 250: 300 and 800 kept (300, 500 and 200 apart: 1000 replaces 800).
  EXPECT_EQ(brcsd1_piece_points({-300, 0, 200}, 1000, 1000, 250), (std::vector<std::int64_t>{0, 300, 1000}));
  EXPECT_EQ(brcsd1_piece_points({-300, 0, 200}, 1000, 1000, 2000), (std::vector<std::int64_t>{0, 1000}));
  // Rectangular: 500 x 100, offset 0 leaves at row 100, offset -450 enters at 450.
  EXPECT_EQ(brcsd1_piece_points({-450, 0}, 500, 100, 1), (std::vector<std::int64_t>{0, 100, 450, 500}));
}

TEST(Brcsd1, EachPieceStoresTheDiagonalsThatCrossIt) {
  // Tridiagonal plus +1000 and -1000 on 2000 rows: rows [0, 1000) store
  // -1 0 1 1000, rows [1000, 2000) store -1000 -1 0 1.
  const auto m = test::banded<double, std::int32_t>({2000, 2000, {-1000, -1, 0, 1, 1000}});
  Brcsd1HostFormat<double, std::int32_t> f(FormatContext{});
  f.build(m.view());
  const auto& l = f.layout();
  ASSERT_EQ(l.pieces.size(), 2u);
  EXPECT_EQ(l.pieces[1].row0, 1000);
  EXPECT_EQ(l.offsets, (std::vector<std::int64_t>{-1, 0, 1, 1000, -1000, -1, 0, 1}));
  // 2 pieces x 4 diagonals x 1000 rows (strides of 1024 for alignment) hold
  // all 7998 entries: the 2 slots left are the tridiagonal's corners.
  EXPECT_EQ(l.stored, 2 * 4 * 1024);
  EXPECT_EQ(std::int64_t(m.values.size()), 2 * 4 * 1000 - 2);
  EXPECT_FALSE(f.capabilities().transpose);  // the core's cuSPARSE transpose serves it
  test::check_layout(m, f);
}

// A matrix that is not diagonal, forced into a diagonal format, is refused as
// unsupported (the next candidate takes it) before its layout is made: here a
// million offsets, which BRCSD-I would otherwise list in each of its thousands
// of pieces (tens of GB).
TEST(DiagonalFormats, RefuseARandomMatrixBeforeCuttingIt) {
  const std::int64_t n = 1 << 20;
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = std::int32_t(n);
  std::mt19937_64 rng(7);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t j = std::int64_t(rng() % std::uint64_t(n));
    for (std::int64_t c : {std::min(i, j), std::max(i, j)}) {
      if (!m.col_idx.empty() && std::int64_t(m.row_ptr.back()) < std::int64_t(m.col_idx.size()) &&
          m.col_idx.back() == std::int32_t(c))
        continue;  // j == i: one entry
      m.col_idx.push_back(std::int32_t(c));
      m.values.push_back(1.0);
    }
    m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
  }
  for (FormatId id : {FormatId::dia, FormatId::brcsd1, FormatId::brcsd2}) {
    SCOPED_TRACE(format_name(id));
    auto f = make_host_format<double, std::int32_t>(id, FormatContext{});
    try {
      f->build(m.view());
      FAIL() << "accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::unsupported) << e.what();
      EXPECT_NE(std::string(e.what()).find("not a diagonal matrix"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace aijadaptive
