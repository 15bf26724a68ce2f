// Format `brcsd2` on the host: fixed row pieces with the diagonals that have
// an entry in them, shared lists, layout and host kernel on the shared test
// matrices.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/features.hpp>
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

// The analysis's diagonal search lists each piece's diagonals as it passes
// (DiagonalFeatures::piece_begin): in one part or several, the pieces of the
// cut's own pass, and the format built on the analysis's features takes them
// for its layout.
TEST(Brcsd2, TheSearchListsThePiecesOfTheCut) {
  for (const auto& [name, b] : test::diagonal_test_matrices()) {
    const auto m = test::banded<double, std::int32_t>(b);
    const auto want = brcsd2_cut(m.view(), kBrcsd2PieceRows, 1);
    for (int parts : {1, 2, 3, 7}) {
      SCOPED_TRACE(name + ", " + std::to_string(parts) + " parts");
      const DiagonalSearch s = diagonal_search(m.view(), parts);
      if (s.features.piece_begin.empty()) {  // nothing to search
        EXPECT_EQ(m.view().nnz(), 0);
        continue;
      }
      Features f;
      f.rows = s.features.rows;
      f.diagonal_piece_begin = s.features.piece_begin;
      f.diagonal_piece_offsets = s.features.piece_offsets;
      const auto got = brcsd2_cut_from_search(f);
      ASSERT_EQ(got.size(), want.size());
      for (std::size_t k = 0; k < want.size(); ++k) {
        EXPECT_EQ(got[k].row0, want[k].row0);
        EXPECT_EQ(got[k].rows, want[k].rows);
        EXPECT_EQ(got[k].offsets, want[k].offsets);
      }
    }
    Features analysed = compute_features(m.view());
    add_diagonal_search(m.view(), analysed);
    if (analysed.diagonal_type == DiagonalType::none) continue;
    ASSERT_FALSE(analysed.diagonal_piece_begin.empty()) << name;
    FormatContext with_search;
    with_search.features = &analysed;
    Brcsd2HostFormat<double, std::int32_t> from_search(with_search), own_pass(FormatContext{});
    from_search.build(m.view());
    own_pass.build(m.view());
    EXPECT_EQ(from_search.layout().offsets, own_pass.layout().offsets) << name;
    EXPECT_EQ(from_search.layout().list_begin, own_pass.layout().list_begin) << name;
    ASSERT_EQ(from_search.layout().pieces.size(), own_pass.layout().pieces.size()) << name;
    for (std::size_t k = 0; k < own_pass.layout().pieces.size(); ++k)
      EXPECT_EQ(from_search.layout().pieces[k].list, own_pass.layout().pieces[k].list) << name;
    test::check_reference(m, from_search, 3);
  }
}

// A search listed for other rows is refused with an internal error, not read past its end.
TEST(Brcsd2, ACutFromTheListsOfOtherRowsIsRefused) {
  Features f;
  f.rows = 1000;                           // four pieces
  f.diagonal_piece_begin = {0, 1, 2, 3};  // three
  f.diagonal_piece_offsets = {0, 0, 0};
  try {
    brcsd2_cut_from_search(f);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::internal) << e.what();
  }
}

}  // namespace
}  // namespace aijadaptive
