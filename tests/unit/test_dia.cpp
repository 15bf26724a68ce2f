// Format `dia` on the host: one piece with every diagonal, its layout and host
// kernel (and transpose) against the CSR reference on the shared test
// matrices, the blocks' bounds checks, rows it refuses.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/dia.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <tuple>
#include <vector>

#include "core/row_parts.hpp"
#include "diagonal_checks.hpp"
#include "type_pairs.hpp"

#if AIJADAPTIVE_HAVE_CUDA
#include <aijadaptive/kernel_cache.hpp>

#include "diagonal/generator.hpp"
#endif

namespace aijadaptive {
namespace {

template <class P>
class DiaHost : public ::testing::Test {};
TYPED_TEST_SUITE(DiaHost, test::TypePairs);

TYPED_TEST(DiaHost, EveryTestMatrix) {
  test::check_format_on_test_matrices<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia);
}

TYPED_TEST(DiaHost, SmallBlocks) {
  TuningParams p;
  p.set("dia.block_threads=32");
  test::check_format_on_test_matrices<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia,
                                                                                                         p);
}

TEST(Dia, OnePieceWithEveryDiagonalAndBoundsChecksOnlyAtTheEdges) {
  const auto m = test::banded<double, std::int32_t>({4096, 4096, {-64, -1, 0, 1, 64}});
  DiaHostFormat<double, std::int32_t> f(FormatContext{});
  f.build(m.view());
  ASSERT_EQ(f.layout().pieces.size(), 1u);
  EXPECT_EQ(f.layout().offsets, (std::vector<std::int64_t>{-64, -1, 0, 1, 64}));
  EXPECT_EQ(f.layout().pieces[0].stride, 4096);
  EXPECT_NEAR(f.layout().padding(), 1.0 - double(m.values.size()) / (5.0 * 4096), 1e-12);
  EXPECT_TRUE(f.capabilities().transpose);
  // Blocks of 256 rows: the first and the last reach past the matrix, the 14 between do not.
  ASSERT_EQ(f.blocks().size(), 16u);
  for (std::size_t b = 0; b < 16; ++b) EXPECT_EQ(f.blocks()[b].list_guard, b == 0 || b == 15 ? 1 : 0) << b;
  EXPECT_NE(f.describe()[0].find("1 row pieces, 1 offset lists"), std::string::npos) << f.describe()[0];
}

TEST(Dia, RefusesRowsWhoseColumnsDoNotIncrease) {
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = 3;
  m.row_ptr = {0, 2, 3, 4};
  m.col_idx = {1, 0, 1, 2};  // row 0 unsorted
  m.values = {1, 2, 3, 4};
  DiaHostFormat<double, std::int32_t> f(FormatContext{});
  try {
    f.build(m.view());
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::unsupported);  // the next candidate format takes it
  }
}

// A build makes the pieces and lists only: the device fills its own values,
// the host its own on the reference kernel's first use, and again from the
// new arrays after a refill.
TEST(Dia, TheHostFillsItsValuesOnlyWhenItsKernelNeedsThem) {
  auto m = test::banded<double, std::int32_t>({300, 300, {-2, 0, 5}});
  DiaHostFormat<double, std::int32_t> f(FormatContext{});
  f.build(m.view());
  EXPECT_TRUE(f.layout().values.empty());
  EXPECT_EQ(f.layout().stored, 3 * 320);
  const std::size_t structure_only = f.extra_host_bytes();
  test::check_layout(m, f);
  EXPECT_EQ(f.layout().values.size(), std::size_t(3 * 320));
  EXPECT_EQ(f.extra_host_bytes(), structure_only + 3 * 320 * sizeof(double));
  for (double& v : m.values) v *= 2;  // new values, same arrays
  f.refill(m.view());
  test::check_layout(m, f);
  test::check_reference(m, f, 4);
}

// A refill whose entries left the layout's diagonals (same counts, another
// pattern) is the caller's error, found when the values are filled.
TEST(Dia, ARefillWithAnotherPatternIsAnError) {
  auto m = test::banded<double, std::int32_t>({300, 300, {-2, 0, 5}});
  DiaHostFormat<double, std::int32_t> f(FormatContext{});
  f.build(m.view());
  m.col_idx[0] = 1;  // row 0: columns 0, 5 -> 1, 5 (offset 1 is no diagonal of the matrix)
  f.refill(m.view());
  try {
    f.layout_with_values();
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << e.what();
  }
}

// With the analysis's features the format trusts its row-order fact and
// makes no pass of its own: a matrix it says is out of order is refused.
TEST(Dia, TheAnalysisTellsWhetherRowsIncrease) {
  const auto m = test::banded<double, std::int32_t>({300, 300, {-2, 0, 5}});
  Features features = compute_features(m.view());
  features.diagonal_offsets = {-2, 0, 5};
  features.diagonal_rows_increase = false;
  FormatContext context;
  context.features = &features;
  DiaHostFormat<double, std::int32_t> f(context);
  try {
    f.build(m.view());
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::unsupported) << e.what();
  }
  features.diagonal_rows_increase = true;
  f.build(m.view());
  test::check_layout(m, f);
}

TEST(DiagonalRowParts, PartsCoverTheRowsInOrderAndStartOnPieces) {
  EXPECT_TRUE(detail::row_parts(0, 0, 256).empty());
  EXPECT_EQ(detail::row_parts(10000, 1000, 256).size(), 1u);  // small: one part whatever the machine
  for (int parts : {1, 2, 3, 7, 64}) {
    const auto cut = detail::row_parts(1000, 1000, 256, parts);
    ASSERT_EQ(cut.size(), std::size_t(std::min(parts, 4))) << parts;  // 1000 rows have 4 pieces of 256
    std::int64_t next = 0;
    for (const detail::RowPart& p : cut) {
      EXPECT_EQ(p.begin, next);
      EXPECT_GT(p.end, p.begin);
      EXPECT_EQ(p.begin % 256, 0);
      next = p.end;
    }
    EXPECT_EQ(next, 1000);
  }
  // The first bad row over all parts (an entry count as if large, so that the
  // rows are searched on every hardware thread), whichever part finds it first.
  const std::int64_t rows = 1000000, many = std::int64_t(1) << 40;
  EXPECT_EQ(detail::first_row_where(rows, many, [](std::int64_t i) { return i == 700000 || i == 300001; }), 300001);
  EXPECT_EQ(detail::first_row_where(rows, many, [](std::int64_t i) { return i >= 999999; }), 999999);
  EXPECT_EQ(detail::first_row_where(rows, many, [](std::int64_t) { return false; }), rows);
  EXPECT_EQ(detail::first_row_where(0, 0, [](std::int64_t) { return true; }), 0);
  // Every part's body runs, and a failure in one reaches the caller.
  std::vector<int> ran(5, 0);
  detail::run_row_parts(5, [&](std::size_t p) { ran[p] = 1; });
  EXPECT_EQ(ran, std::vector<int>(5, 1));
  EXPECT_THROW(detail::run_row_parts(3, [](std::size_t p) { if (p == 1) AIJA_THROW(internal, "part 1"); }), Error);
}

// The process's kept threads run pass after pass, each part once, and step
// aside (threads started for it) for a pass started within a part or from
// another thread meanwhile; a failure reaches its pass's caller only.
TEST(RowParts, KeptThreadsRunEveryPartOfEveryPass) {
  constexpr std::size_t kParts = 7;
  for (int pass = 0; pass < 200; ++pass) {
    std::vector<std::atomic<int>> ran(kParts);
    detail::run_row_parts(kParts, [&](std::size_t p) { ran[p].fetch_add(1); });
    for (std::size_t p = 0; p < kParts; ++p) ASSERT_EQ(ran[p].load(), 1) << "pass " << pass << ", part " << p;
  }
  std::atomic<int> inner{0};
  detail::run_row_parts(4, [&](std::size_t) { detail::run_row_parts(3, [&](std::size_t) { inner.fetch_add(1); }); });
  EXPECT_EQ(inner.load(), 12);
  std::atomic<int> total{0};
  const auto passes = [&] {
    for (int pass = 0; pass < 50; ++pass) detail::run_row_parts(5, [&](std::size_t) { total.fetch_add(1); });
  };
  std::thread other(passes);
  passes();
  other.join();
  EXPECT_EQ(total.load(), 2 * 50 * 5);
  EXPECT_THROW(detail::run_row_parts(6, [](std::size_t p) { if (p == 4) AIJA_THROW(internal, "part 4"); }), Error);
  std::atomic<int> after{0};
  detail::run_row_parts(6, [&](std::size_t) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 6);
}

#if AIJADAPTIVE_HAVE_CUDA
// The code generator's source compiles (NVRTC needs no GPU) for the layout of
// every test matrix and every diagonal format, in every value type (complex:
// the generator's aija_complex struct and its loads), with and without the
// streaming loads; its cases are those of the blocks.
template <class V>
void compile_generated_kernels() {
  KernelCache cache("");  // no disk cache
  for (FormatId id : {FormatId::dia, FormatId::brcsd1, FormatId::brcsd2}) {
    for (const auto& [name, b] : test::diagonal_test_matrices()) {
      SCOPED_TRACE(std::string(format_name(id)) + ", " + name);
      const auto m = test::banded<V, std::int32_t>(b);
      auto f = make_host_format<V, std::int32_t>(id, FormatContext{});
      f->build(m.view());
      const auto& d = dynamic_cast<const DiagonalHostFormat<V, std::int32_t>&>(*f);
      for (bool stream : {false, true}) {
        const auto g = detail::generate_diagonal_kernel(d.layout(), d.blocks(), d.block_threads(), stream);
        ASSERT_FALSE(g.source.empty()) << g.why_not;
        for (const DiagonalBlock& block : d.blocks())
          EXPECT_NE(g.source.find("case " + std::to_string(block.list_guard) + ":"), std::string::npos);
        EXPECT_EQ(cache.compile(g.key, g.source, g.name, 90).name, g.name);
      }
    }
  }
}

TEST(DiaGenerator, TheGeneratedSourceCompilesForEveryLayout) {
  compile_generated_kernels<double>();
  compile_generated_kernels<float>();
#if AIJADAPTIVE_HAVE_COMPLEX
  compile_generated_kernels<std::complex<double>>();
  compile_generated_kernels<std::complex<float>>();
#endif
}

// A generated kernel computes its blocks' descriptors from constants when they
// come in few runs (one piece: a guarded head and tail, a middle), and loads
// them when there are many (brcsd2's 32-row pieces, a run each).
TEST(DiaGenerator, BlockDescriptorsAreComputedForFewRunsAndLoadedForMany) {
  const auto m = test::banded<double, std::int32_t>({3000, 3000, {-1200, -1, 0, 1, 900}});
  TuningParams t;
  t.set("brcsd2.piece_rows=32");
  FormatContext short_pieces;
  short_pieces.params = t;
  for (const auto& [id, context, loads] :
       {std::tuple{FormatId::dia, FormatContext{}, false}, std::tuple{FormatId::brcsd2, short_pieces, true}}) {
    SCOPED_TRACE(format_name(id));
    auto f = make_host_format<double, std::int32_t>(id, context);
    f->build(m.view());
    const auto& d = dynamic_cast<const DiagonalHostFormat<double, std::int32_t>&>(*f);
    ASSERT_EQ(d.blocks().size() > std::size_t(detail::kMaxComputedBlockRuns), loads);
    const auto g = detail::generate_diagonal_kernel(d.layout(), d.blocks(), d.block_threads(), false);
    ASSERT_FALSE(g.source.empty()) << g.why_not;
    EXPECT_EQ(g.source.find("b = blocks[k];") != std::string::npos, loads) << g.source;
  }
}

// The source generated for a layout is kept for the next matrix of the same
// layout; another layout, another streaming hint, more layouts than are kept
// and a layout of more blocks than are kept are generated again.
TEST(DiaGenerator, TheSameLayoutsSourceIsKept) {
  const auto layout_of = [](const test::Banded& b) {
    auto f = make_host_format<double, std::int32_t>(FormatId::dia, FormatContext{});
    f->build(test::banded<double, std::int32_t>(b).view());
    return std::unique_ptr<const DiagonalHostFormat<double, std::int32_t>>(
        dynamic_cast<const DiagonalHostFormat<double, std::int32_t>*>(f.release()));
  };
  const auto a = layout_of({4000, 4000, {-3, 0, 3}});
  const auto again = layout_of({4000, 4000, {-3, 0, 3}});  // another matrix, the same layout
  const auto other = layout_of({4000, 4000, {-2, 0, 2}});
  const auto kept = detail::generated_diagonal_kernel(a->layout(), a->blocks(), a->block_threads(), false);
  ASSERT_FALSE(kept->source.empty()) << kept->why_not;
  EXPECT_EQ(kept->source, detail::generate_diagonal_kernel(a->layout(), a->blocks(), a->block_threads(), false).source);
  EXPECT_EQ(detail::generated_diagonal_kernel(again->layout(), again->blocks(), again->block_threads(), false), kept);
  EXPECT_NE(detail::generated_diagonal_kernel(a->layout(), a->blocks(), a->block_threads(), true), kept);
  const auto different = detail::generated_diagonal_kernel(other->layout(), other->blocks(), other->block_threads(), false);
  EXPECT_NE(different->source, kept->source);
  // More layouts than are kept: the first is generated again (a new object, the same text).
  for (std::int64_t k = 0; k < std::int64_t(detail::kGeneratedKept); ++k) {
    const auto l = layout_of({4000, 4000, {-1, 0, 10 + k}});
    (void)detail::generated_diagonal_kernel(l->layout(), l->blocks(), l->block_threads(), false);
  }
  const auto regenerated = detail::generated_diagonal_kernel(a->layout(), a->blocks(), a->block_threads(), false);
  EXPECT_NE(regenerated, kept);
  EXPECT_EQ(regenerated->source, kept->source);
  // A layout of more blocks than are kept: generated each time.
  TuningParams t;
  t.set("brcsd2.piece_rows=32");
  FormatContext short_pieces;
  short_pieces.params = t;
  auto f = make_host_format<double, std::int32_t>(FormatId::brcsd2, short_pieces);
  const auto m = test::banded<double, std::int32_t>({32 * 4200, 32 * 4200, {-1, 0, 1}});
  f->build(m.view());
  const auto& many = dynamic_cast<const DiagonalHostFormat<double, std::int32_t>&>(*f);
  ASSERT_GT(many.blocks().size(), detail::kGeneratedKeptBlocks);
  const auto once = detail::generated_diagonal_kernel(many.layout(), many.blocks(), many.block_threads(), false);
  const auto twice = detail::generated_diagonal_kernel(many.layout(), many.blocks(), many.block_threads(), false);
  EXPECT_NE(once, twice);
  EXPECT_EQ(once->source, twice->source);
}

TEST(DiaGenerator, TooManyListsAreLeftToTheGenericKernel) {
  // brcsd2 with 32-row pieces on a matrix whose extra diagonal changes from
  // one piece to the next: a list per piece, more than the generator unrolls.
  test::Banded b{32 * 1100, 32 * 1100, {0}};
  for (std::int64_t p = 0; p < 1100; ++p) b.scatter.push_back({32 * p, 32 * p + 5 + p % 20});
  const auto m = test::banded<double, std::int32_t>(b);
  TuningParams t;
  t.set("brcsd2.piece_rows=32");
  FormatContext ctx;
  ctx.params = t;
  auto f = make_host_format<double, std::int32_t>(FormatId::brcsd2, ctx);
  f->build(m.view());
  const auto& d = dynamic_cast<const DiagonalHostFormat<double, std::int32_t>&>(*f);
  ASSERT_GT(d.layout().lists(), detail::kMaxGeneratedLists);
  const auto g = detail::generate_diagonal_kernel(d.layout(), d.blocks(), d.block_threads(), false);
  EXPECT_TRUE(g.source.empty());
  EXPECT_NE(g.why_not.find("offset lists"), std::string::npos) << g.why_not;
}
#endif

}  // namespace
}  // namespace aijadaptive
