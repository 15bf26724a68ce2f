// Format `brcsd2` on the host: fixed row pieces with the diagonals that have
// an entry in them, shared lists, layout and host kernel on the shared test
// matrices.
#include <aijadaptive/formats/brcsd2.hpp>
#include <gtest/gtest.h>

#include "diagonal_checks.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

template <class P>
class Brcsd2Host : public ::testing::Test {};
TYPED_TEST_SUITE(Brcsd2Host, test::TypePairs);

TYPED_TEST(Brcsd2Host, EveryTestMatrix) {
  using V = typename TypeParam::first_type;
  using I = typename TypeParam::second_type;
  test::check_format_on_test_matrices<V, I>(FormatId::brcsd2);
  TuningParams p;
  p.set("brcsd2.piece_rows=64");
  p.set("brcsd2.block_threads=32");  // two blocks a piece
  test::check_format_on_test_matrices<V, I>(FormatId::brcsd2, p);
}

TEST(Brcsd2, PiecesStoreOnlyTheDiagonalsWithEntriesAndShareEqualLists) {
  // 2048 rows, pieces of 256; offset 300 has entries only in rows [512, 768).
  test::Banded b{2048, 2048, {-1, 0, 1, 300}};
  b.hole_offsets = {300};
  b.hole_begin = 768;
  b.hole_end = 2048;
  auto m = test::banded<double, std::int32_t>(b);
  // Rows [0, 512) hole too: rebuild the matrix without offset 300 there.
  test::OwnedCsr<double, std::int32_t> cut;
  cut.rows = cut.cols = 2048;
  cut.row_ptr.assign(1, 0);
  for (std::int32_t i = 0; i < 2048; ++i) {
    for (std::int32_t e = m.row_ptr[i]; e < m.row_ptr[i + 1]; ++e)
      if (m.col_idx[e] - i != 300 || i >= 512) {
        cut.col_idx.push_back(m.col_idx[e]);
        cut.values.push_back(m.values[e]);
      }
    cut.row_ptr.push_back(std::int32_t(cut.col_idx.size()));
  }
  Brcsd2HostFormat<double, std::int32_t> f(FormatContext{});
  f.build(cut.view());
  const auto& l = f.layout();
  ASSERT_EQ(l.pieces.size(), 8u);
  // Lists: {-1 0 1} for pieces 0-1 (one list, shared), {-1 0 1 300} for
  // piece 2, {-1 0 1} again for pieces 3-7 (shared): three lists.
  EXPECT_EQ(l.lists(), 3);
  EXPECT_EQ(l.pieces[0].list, l.pieces[1].list);
  EXPECT_NE(l.pieces[1].list, l.pieces[2].list);
  EXPECT_EQ(l.list_begin[std::size_t(l.pieces[2].list) + 1] - l.list_begin[std::size_t(l.pieces[2].list)], 4);
  EXPECT_EQ(l.pieces[3].list, l.pieces[7].list);
  test::check_layout(cut, f);
  test::check_reference(cut, f, 3);
}

// The cutting in row parts on several threads gives the pieces one pass gives,
// for every test matrix and part count (the parts meet at piece boundaries).
TEST(Brcsd2, TheCutInRowPartsEqualsOnePass) {
  for (const auto& [name, b] : test::diagonal_test_matrices()) {
    const auto m = test::banded<double, std::int32_t>(b);
    for (std::int64_t piece_rows : {32, 256}) {
      const auto one = brcsd2_cut(m.view(), piece_rows, 1);
      for (int parts : {2, 3, 7}) {
        SCOPED_TRACE(name + ", pieces of " + std::to_string(piece_rows) + ", " + std::to_string(parts) + " parts");
        const auto many = brcsd2_cut(m.view(), piece_rows, parts);
        ASSERT_EQ(many.size(), one.size());
        for (std::size_t k = 0; k < one.size(); ++k) {
          EXPECT_EQ(many[k].row0, one[k].row0);
          EXPECT_EQ(many[k].rows, one[k].rows);
          EXPECT_EQ(many[k].offsets, one[k].offsets);
        }
      }
    }
  }
}

}  // namespace
}  // namespace aijadaptive
