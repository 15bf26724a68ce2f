// Format `segspmv` on the host: its parameters, the rule for the segment
// length, the layout's invariants (every nonzero in one slot of its row's
// segments, padding below L per row, pieces of whole rows within their
// slots, long rows in chunks), and the host kernel (which walks the pieces and segments as the
// CUDA kernel does) against csr_reference_apply on seeded matrices and edge
// cases, for both variants and every L.
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/segspmv.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "device_vectors.hpp"
#include "exact_checks.hpp"
#include "formats/segspmv/tuning.hpp"
#include "irregular_csr.hpp"
#include "random_csr.hpp"
#include "segspmv_params.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::describe;
using test::OwnedCsr;
using test::segspmv_with;
using S = SegspmvVariant;

void expect_invalid_argument(const std::function<void()>& f, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << what << " was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << what << ": " << e.what();
  }
}

template <class V, class I>
OwnedCsr<V, I> rows_of(std::int64_t rows, std::int64_t length, std::int64_t cols, std::uint64_t seed) {
  return test::csr_of_lengths<V, I>(std::vector<std::int64_t>(std::size_t(rows), length), cols, seed);
}

// ---- the parameters -----------------------------------------------------------

TEST(SegspmvParams, DefaultsAndTheUsersSettings) {
  const SegspmvParams d = segspmv_params(TuningParams{}, sizeof(double));
  const SegspmvParams plain{};  // the struct's defaults are the parameters' defaults
  EXPECT_EQ(d.length, 0);       // the rule
  EXPECT_EQ(d.length, plain.length);
  EXPECT_EQ(d.max_padding, plain.max_padding);
  EXPECT_EQ(d.variant, plain.variant);
  EXPECT_EQ(d.tree_from_length, plain.tree_from_length);
  EXPECT_EQ(d.block_threads, plain.block_threads);
  EXPECT_EQ(d.unroll, plain.unroll);
  EXPECT_EQ(d.stream_loads, plain.stream_loads);
  EXPECT_EQ(d.long_row_pieces, plain.long_row_pieces);

  TuningParams t;
  t.set("segspmv.length=8");
  t.set("segspmv.max_padding=0.25");
  t.set("segspmv.variant=tree");
  t.set("segspmv.tree_from_length=4");
  t.set("segspmv.block_threads=128");
  t.set("segspmv.unroll=4");
  t.set("segspmv.stream_loads=always");
  t.set("segspmv.long_row_pieces=4");
  const SegspmvParams p = segspmv_params(t, sizeof(double));
  EXPECT_EQ(p.length, 8);
  EXPECT_EQ(p.max_padding, 0.25);
  EXPECT_EQ(p.variant, S::tree);
  EXPECT_EQ(p.tree_from_length, 4);
  EXPECT_EQ(p.block_threads, 128);
  EXPECT_EQ(p.unroll, 4);
  EXPECT_EQ(p.stream_loads, 1);
  EXPECT_EQ(p.piece_slots(), 128);
  EXPECT_EQ(p.long_row_pieces, 4);
  // unroll's default: 4 for complex double (16-byte values), unless set.
  EXPECT_EQ(segspmv_params(TuningParams{}, 16).unroll, 4);
  EXPECT_EQ(segspmv_params(TuningParams{}, 8).unroll, 8);
  TuningParams eight;
  eight.set("segspmv.unroll=8");
  EXPECT_EQ(segspmv_params(eight, 16).unroll, 8);
  TuningParams vector;
  vector.set("segspmv.variant=vector");
  vector.set("segspmv.unroll=16");
  EXPECT_EQ(segspmv_params(vector, 8).variant, S::vector);
  EXPECT_EQ(segspmv_params(vector, 8).unroll, 16);

  FormatContext context;  // the format made from a context takes its settings
  context.params = t;
  const auto f = make_host_format<double, std::int32_t>(FormatId::segspmv, context);
  const auto* s = dynamic_cast<const SegspmvHostFormat<double, std::int32_t>*>(f.get());
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->params().length, 8);
  EXPECT_EQ(s->params().variant, S::tree);
}

TEST(SegspmvParams, BadValuesAreRefused) {
  TuningParams t;
  for (auto [name, value] : {std::pair<const char*, const char*>{"length", "64"},
                             {"length", "-1"},
                             {"max_padding", "-0.1"},
                             {"variant", "fast"},
                             {"tree_from_length", "3"},
                             {"tree_from_length", "0"},
                             {"block_threads", "100"},
                             {"block_threads", "2048"},
                             {"unroll", "2"},
                             {"stream_loads", "sometimes"},
                             {"long_row_pieces", "-1"},
                             {"long_row_pieces", "65"}}) {
    const std::string n = name, v = value;
    expect_invalid_argument([&] { t.set(FormatId::segspmv, n, v); }, "segspmv." + n + "=" + v);
  }
  t.set("segspmv.length=12");  // in range, not a power of two
  expect_invalid_argument([&] { segspmv_params(t, sizeof(double)); }, "length 12");
  TuningParams three;
  three.set("segspmv.long_row_pieces=3");  // in range, not a power of two
  expect_invalid_argument([&] { segspmv_params(three, sizeof(double)); }, "long_row_pieces 3");

  for (const SegspmvParams& p : test::segspmv_param_sets()) EXPECT_NO_THROW(segspmv_check_params(p)) << describe(p);
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(3, S::tree, 256, 8)); }, "length 3");
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(64, S::tree, 256, 8)); }, "length 64");
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(4, S::tree, 33, 8)); }, "T 33");
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(4, S::tree, 256, 5)); }, "unroll 5");
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(8, S::vector, 256, 4)); }, "vector, L 8 > unroll 4");
  expect_invalid_argument([] { segspmv_check_params(segspmv_with(4, S::vector, 1024, 16)); }, "unroll 16, T 1024");
  EXPECT_NO_THROW(segspmv_check_params(segspmv_with(16, S::vector, 512, 16)));
  EXPECT_NO_THROW(segspmv_check_params(segspmv_with(8, S::scalar, 256, 4)));
  expect_invalid_argument([] { SegspmvHostFormat<double, std::int32_t> f(segspmv_with(4, S::tree, 2048, 8)); },
                          "a format with T 2048");
  const auto m = rows_of<double, std::int32_t>(10, 3, 10, 1);
  expect_invalid_argument([&] { segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(24, S::tree, 256, 8)); },
                          "a layout with L 24");
}

// ---- the segment length ---------------------------------------------------------

int rule(const std::vector<std::int64_t>& lengths, double max_padding) {
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 100, 1);
  return segspmv_length(m.rows, m.row_ptr.data(), max_padding);
}

TEST(SegspmvLength, TheLongestPowerOfTwoWithinThePaddingLimit) {
  using L = std::vector<std::int64_t>;
  EXPECT_EQ(rule(L(50, 27), 0.1), 4);   // 28 slots (3.7%); 8: 32 (18.5%)
  EXPECT_EQ(rule(L(50, 27), 0.2), 32);  // 32 slots (18.5%) with any L from 8 on
  EXPECT_EQ(rule(L(50, 39), 0.1), 8);   // 40 slots (2.6%); 16: 48 (23%)
  EXPECT_EQ(rule(L(50, 32), 0.0), 32);  // no padding at all
  EXPECT_EQ(rule(L(50, 64), 0.0), 32);  // at most 32
  EXPECT_EQ(rule(L(50, 3), 0.1), 1);    // 2 and 4: 4 slots (33%)
  EXPECT_EQ(rule(L(50, 3), 0.34), 4);
  EXPECT_EQ(rule(L(50, 6), 0.1), 2);    // 4: 8 slots (33%)
  EXPECT_EQ(rule(L(50, 0), 0.0), 32);   // no entries: nothing to pad
  EXPECT_EQ(rule(L(), 0.1), 32);
  // Mixed: 40 rows of 16 and 10 of 17: L = 16 pads 15 per row of 17 (150 of
  // 810 = 18.5%), L = 1 nothing; 8: 7 per row of 17 (70 = 8.6%).
  L mixed(40, 16);
  mixed.insert(mixed.end(), 10, 17);
  EXPECT_EQ(rule(mixed, 0.1), 8);
  EXPECT_EQ(rule(mixed, 0.05), 4);  // 3 per row of 17: 30 (3.7%)
  EXPECT_EQ(rule(mixed, 0.01), 1);  // 2: 10 (1.2%)
}

// The weights of segspmv_tuning: 1, 0.82, 0.78, 0.81 at L = 1, 2, 4, 8.
TEST(SegspmvLength, TheVectorVariantWeighsPaddingAgainstWiderSegments) {
  const auto rule = [](std::int64_t length, int max_length) {
    const auto m = test::csr_of_lengths<double, std::int32_t>(std::vector<std::int64_t>(100, length), 200, 1);
    return segspmv_vector_length(m.rows, m.row_ptr.data(), max_length);
  };
  // Bytes a row (12 a slot, 20 a row) times the weight:
  EXPECT_EQ(rule(7, 8), 4);   // 104 at 1, 116 x 0.82 = 95.1 at 2, 116 x 0.78 = 90.5 at 4, 116 x 0.81 = 94.0 at 8
  EXPECT_EQ(rule(7, 2), 2);   // capped at unroll 2
  EXPECT_EQ(rule(5, 8), 2);   // 80, 92 x 0.82 = 75.4, 116 x 0.78 = 90.5, 116 x 0.81 = 94.0
  EXPECT_EQ(rule(27, 8), 4);  // 344, 356 x 0.82 = 291.9, 356 x 0.78 = 277.7, 404 x 0.81 = 327.2
  EXPECT_EQ(rule(9, 8), 2);   // 128, 140 x 0.82 = 114.8, 164 x 0.78 = 127.9, 212 x 0.81 = 171.7
  EXPECT_EQ(rule(1, 8), 1);   // 32, 44 x 0.82 = 36.1, 68 x 0.78, 116 x 0.81
  EXPECT_EQ(rule(64, 16), 4);  // no padding at any L: the lightest weight, 4 (not 8 or 16)
  EXPECT_EQ(rule(64, 1), 1);
  EXPECT_EQ(segspmv_vector_length(std::int32_t(0), std::vector<std::int32_t>{0}.data(), 8), 8);  // nothing: the widest
  // The layout takes it for the vector variant, the padding rule for the others.
  const auto m = test::csr_of_lengths<double, std::int32_t>(std::vector<std::int64_t>(50, 7), 100, 1);
  EXPECT_EQ(segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(0, S::vector, 256, 8)).length, 4);
  EXPECT_EQ(segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(0, S::scalar, 256, 8)).length, 1);
}

// ---- a long row's chunks ----------------------------------------------------------

// K pieces a chunk once the matrix has K x kLoopedPieceWaves pieces' worth of
// slots, up to kMaxLongRowPieces.
TEST(SegspmvLongRowPieces, OnePieceForSmallMatricesMoreForLargeOnes) {
  using segspmv_tuning::kLoopedPieceWaves;
  using segspmv_tuning::kMaxLongRowPieces;
  const std::int64_t C = 256, w = kLoopedPieceWaves;
  EXPECT_EQ(segspmv_long_row_pieces(0, C), 1);
  EXPECT_EQ(segspmv_long_row_pieces((2 * w - 1) * C, C), 1);
  EXPECT_EQ(segspmv_long_row_pieces(2 * w * C, C), 2);
  EXPECT_EQ(segspmv_long_row_pieces(4 * w * C - 1, C), 2);
  EXPECT_EQ(segspmv_long_row_pieces(4 * w * C, C), 4);
  EXPECT_EQ(segspmv_long_row_pieces(4 * w * 128, 128), 4);  // in pieces, whatever their size
  EXPECT_EQ(segspmv_long_row_pieces(1000 * w * C, C), kMaxLongRowPieces);
  // The layout keeps the rule's K, and a K set by hand.
  const auto m = test::long_row_csr<double, std::int32_t>(150, 3000, 100, 2500, 6);
  EXPECT_EQ(segspmv_build_layout(m.rows, m.row_ptr.data(), SegspmvParams{}).long_row_pieces, 1);
  EXPECT_EQ(segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(0, S::vector, 128, 8, 4)).long_row_pieces,
            4);
}

// ---- the layout ---------------------------------------------------------------

// Row i's segments: ceil(n_i / L), consecutive; every nonzero k of row i in
// slot row_seg[i] * L + k, all distinct and below slots(); padding < L per
// row; pieces of whole rows in order, each within piece_slots() slots and
// rows, closed only when the next row would not fit; a longer row in chunks
// of long_row_pieces pieces' slots, one piece each, covering its segments in
// order.
template <class V, class I>
void check_layout(const OwnedCsr<V, I>& m, const SegspmvParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  const SegspmvLayout<I> l = segspmv_build_layout(m.rows, m.row_ptr.data(), p);
  const std::int64_t L = l.length, capacity = p.piece_slots();
  if (p.length) EXPECT_EQ(L, p.length);
  EXPECT_EQ(l.variant, segspmv_variant_for(p, l.length));
  ASSERT_EQ(l.row_seg.size(), std::size_t(m.rows) + 1);
  std::vector<char> used(std::size_t(l.slots()), 0);
  std::int64_t entries = 0;
  for (std::int64_t i = 0; i < std::int64_t(m.rows); ++i) {
    const std::int64_t n = m.row_ptr[std::size_t(i) + 1] - m.row_ptr[std::size_t(i)];
    const std::int64_t segs = l.row_seg[std::size_t(i) + 1] - l.row_seg[std::size_t(i)];
    ASSERT_EQ(segs, (n + L - 1) / L) << "row " << i;
    for (std::int64_t k = 0; k < n; ++k) {
      const std::int64_t slot = std::int64_t(l.row_seg[std::size_t(i)]) * L + k;
      ASSERT_LT(slot, l.slots());
      ASSERT_EQ(used[std::size_t(slot)], 0) << "slot " << slot << " taken twice";
      used[std::size_t(slot)] = 1;
    }
    entries += n;
  }
  EXPECT_EQ(l.entries, entries);
  EXPECT_EQ(std::int64_t(std::count(used.begin(), used.end(), 0)), l.slots() - entries);  // the padding

  ASSERT_EQ(l.piece_row.size(), l.piece_seg.size());
  EXPECT_EQ(l.piece_row.front(), 0);
  EXPECT_EQ(l.piece_seg.front(), 0);
  EXPECT_EQ(l.piece_row.back(), m.rows);
  EXPECT_EQ(l.piece_seg.back(), l.segments());
  const auto row_slots = [&](std::int64_t i) {
    return std::int64_t(l.row_seg[std::size_t(i) + 1] - l.row_seg[std::size_t(i)]) * L;
  };
  std::int64_t long_rows = 0, chunk_pieces = 0, looped_chunks = 0;
  if (p.long_row_pieces) EXPECT_EQ(l.long_row_pieces, p.long_row_pieces);
  const std::int64_t chunk_slots = capacity * l.long_row_pieces;
  for (std::int64_t q = 0; q < l.pieces(); ++q) {
    const std::int64_t r0 = l.piece_row[std::size_t(q)], r1 = l.piece_row[std::size_t(q) + 1];
    const std::int64_t s0 = l.piece_seg[std::size_t(q)], s1 = l.piece_seg[std::size_t(q) + 1];
    ASSERT_TRUE(s0 <= s1 && r0 <= r1 && r0 < std::int64_t(m.rows)) << "piece " << q;
    if (row_slots(r0) > capacity) {  // a chunk: the row's segments from a multiple of the chunk's slots
      ++chunk_pieces;
      ASSERT_LE((s1 - s0) * L, chunk_slots) << "piece " << q;
      if ((s1 - s0) * L > capacity) ++looped_chunks;
      ASSERT_EQ((s0 - l.row_seg[std::size_t(r0)]) * L % chunk_slots, 0) << "piece " << q;
      const bool last = s1 == l.row_seg[std::size_t(r0) + 1];
      ASSERT_EQ(r1, last ? r0 + 1 : r0) << "piece " << q;
      if (s0 == l.row_seg[std::size_t(r0)]) ++long_rows;
      continue;
    }
    ASSERT_LE((s1 - s0) * L, capacity) << "piece " << q;
    ASSERT_LT(r0, r1) << "piece " << q << " without rows";
    ASSERT_EQ(s0, l.row_seg[std::size_t(r0)]);
    ASSERT_EQ(s1, l.row_seg[std::size_t(r1)]);
    ASSERT_LE(r1 - r0, capacity);
    // Closed only when the next row was long, would not fit, or starts a block.
    if (r1 < std::int64_t(m.rows) && row_slots(r1) <= capacity && r1 - r0 < capacity && r1 % kSegspmvBlockRows != 0)
      ASSERT_GT((s1 - s0) * L + row_slots(r1), capacity) << "piece " << q << " closed early";
  }
  EXPECT_EQ(l.long_rows, long_rows);
  EXPECT_EQ(l.chunk_pieces, chunk_pieces);
  EXPECT_EQ(l.looped_chunks, looped_chunks);
  const std::size_t workspace = chunk_pieces ? std::size_t(l.pieces()) * (sizeof(V) + sizeof(unsigned)) : 0;
  EXPECT_EQ(l.device_bytes(sizeof(V), sizeof(I)),
            std::size_t(l.slots()) * (sizeof(V) + sizeof(I)) +
                (l.row_seg.size() + l.piece_row.size() + l.piece_seg.size()) * sizeof(I) + workspace);
}

template <class V, class I>
std::vector<OwnedCsr<V, I>> matrices() {
  std::vector<OwnedCsr<V, I>> list;
  list.push_back(rows_of<V, I>(500, 27, 600, 1));  // stencil-like
  list.push_back(rows_of<V, I>(400, 39, 500, 2));  // qcd-like
  list.push_back(rows_of<V, I>(300, 32, 300, 3));  // exactly L long
  list.push_back(test::power_law_csr<V, I>(1500, 1200, 2.0, 1, 4));
  list.push_back(test::circuit_csr<V, I>(2000, 2100, 5, 1500, 5));
  list.push_back(test::long_row_csr<V, I>(150, 3000, 100, 2500, 6));
  list.push_back(test::random_csr<V, I>({400, 300, 0.05, 0.1, 2, 7}));
  list.push_back(test::mixed_length_csr<V, I>(8));
  return list;
}

TEST(SegspmvLayout, InvariantsOnRegularIrregularAndRandomMatrices) {
  for (const auto& m : matrices<double, std::int32_t>())
    for (const SegspmvParams& p : test::segspmv_param_sets()) check_layout(m, p);
  for (const auto& m : matrices<float, std::int64_t>())
    for (const SegspmvParams& p : test::segspmv_param_sets()) check_layout(m, p);
}

TEST(SegspmvLayout, AHandBuiltMatrix) {
  // Rows of 3, 6, 0, 9 and 2 entries, L = 4: segments 1, 2, 0, 3, 1; all in
  // one piece of at most 128 slots (unroll 4).
  const auto m = test::csr_of_lengths<double, std::int32_t>({3, 6, 0, 9, 2}, 20, 1);
  const SegspmvLayout<std::int32_t> l = segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(4, S::scalar, 32, 4));
  EXPECT_EQ(l.row_seg, (std::vector<std::int32_t>{0, 1, 3, 3, 6, 7}));
  EXPECT_EQ(l.slots(), 28);
  EXPECT_EQ(l.entries, 20);
  EXPECT_NEAR(l.padding(), 8.0 / 28.0, 1e-12);
  EXPECT_EQ(l.piece_row, (std::vector<std::int32_t>{0, 5}));
  EXPECT_EQ(l.piece_seg, (std::vector<std::int32_t>{0, 7}));
  EXPECT_EQ(l.variant, S::scalar);

  // A row of 300 (300 slots: 75 segments) among rows of 20 (5 segments), L =
  // 4, 128 slots per piece: rows 0-5 (120 slots), the long row in chunks of
  // one piece (32, 32 and 11 segments), rows 7-12, row 13.
  std::vector<std::int64_t> lengths(14, 20);
  lengths[6] = 300;
  const auto n = test::csr_of_lengths<double, std::int32_t>(lengths, 400, 2);
  const SegspmvLayout<std::int32_t> k =
      segspmv_build_layout(n.rows, n.row_ptr.data(), segspmv_with(4, S::tree, 32, 4, 1));
  EXPECT_EQ(k.piece_row, (std::vector<std::int32_t>{0, 6, 6, 6, 7, 13, 14}));
  EXPECT_EQ(k.piece_seg, (std::vector<std::int32_t>{0, 30, 62, 94, 105, 135, 140}));
  EXPECT_EQ(k.long_rows, 1);
  EXPECT_EQ(k.chunk_pieces, 3);
  EXPECT_EQ(k.looped_chunks, 0);
  // Chunks of two pieces: 64 and 11 segments; of eight: the whole row in one.
  const SegspmvLayout<std::int32_t> two =
      segspmv_build_layout(n.rows, n.row_ptr.data(), segspmv_with(4, S::tree, 32, 4, 2));
  EXPECT_EQ(two.piece_row, (std::vector<std::int32_t>{0, 6, 6, 7, 13, 14}));
  EXPECT_EQ(two.piece_seg, (std::vector<std::int32_t>{0, 30, 94, 105, 135, 140}));
  EXPECT_EQ(two.chunk_pieces, 2);
  EXPECT_EQ(two.looped_chunks, 1);
  const SegspmvLayout<std::int32_t> eight =
      segspmv_build_layout(n.rows, n.row_ptr.data(), segspmv_with(4, S::tree, 32, 4, 8));
  EXPECT_EQ(eight.piece_row, (std::vector<std::int32_t>{0, 6, 7, 13, 14}));
  EXPECT_EQ(eight.piece_seg, (std::vector<std::int32_t>{0, 30, 105, 135, 140}));
  EXPECT_EQ(eight.long_rows, 1);
  EXPECT_EQ(eight.chunk_pieces, 1);
  EXPECT_EQ(eight.looped_chunks, 1);
}

TEST(SegspmvLayout, EmptyRowsJoinPiecesUpToTheRowLimit) {
  // 300 empty rows, 128 rows per piece at most (unroll 4).
  const auto m = rows_of<double, std::int32_t>(300, 0, 10, 1);
  const SegspmvLayout<std::int32_t> l = segspmv_build_layout(m.rows, m.row_ptr.data(), segspmv_with(4, S::tree, 32, 4));
  EXPECT_EQ(l.piece_row, (std::vector<std::int32_t>{0, 128, 256, 300}));
  EXPECT_EQ(l.slots(), 0);
  const SegspmvLayout<std::int32_t> none = segspmv_build_layout(std::int32_t(0), m.row_ptr.data(), SegspmvParams{});
  EXPECT_EQ(none.pieces(), 0);
}

// From 2 x 2^17 rows on the blocks are laid out on the host's threads: every
// block's first row opens a piece (whatever the machine), and the layout
// keeps every invariant, the long rows' chunks included.
TEST(SegspmvLayout, BlocksOfRowsOpenPiecesAndKeepTheInvariants) {
  std::vector<std::int64_t> lengths(3 * kSegspmvBlockRows + 1000);
  for (std::size_t r = 0; r < lengths.size(); ++r) lengths[r] = std::int64_t(r * 7919 % 7);
  lengths[kSegspmvBlockRows - 1] = 3000;  // a long row ending a block
  lengths[2 * kSegspmvBlockRows + 5] = 5000;
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 6000, 11);
  for (const SegspmvParams& p : {SegspmvParams{}, segspmv_with(4, S::tree, 32, 4, 2)}) {
    check_layout(m, p);
    const SegspmvLayout<std::int32_t> l = segspmv_build_layout(m.rows, m.row_ptr.data(), p);
    for (std::int64_t b = 0; b < std::int64_t(m.rows); b += kSegspmvBlockRows)
      EXPECT_TRUE(std::count(l.piece_row.begin(), l.piece_row.end(), std::int32_t(b)) >= 1) << "block at " << b;
  }
}

TEST(SegspmvLayout, TheAutomaticVariantFollowsTheLength) {
  SegspmvParams p;
  p.variant = S::automatic;
  p.tree_from_length = 8;
  EXPECT_EQ(segspmv_variant_for(p, 4), S::scalar);
  EXPECT_EQ(segspmv_variant_for(p, 8), S::tree);
  EXPECT_EQ(segspmv_variant_for(p, 32), S::tree);
  p.variant = S::scalar;
  EXPECT_EQ(segspmv_variant_for(p, 32), S::scalar);
  p.variant = S::tree;
  EXPECT_EQ(segspmv_variant_for(p, 1), S::tree);
}

// ---- the host kernel ----------------------------------------------------------

template <class P>
class SegspmvReference : public ::testing::Test {
 protected:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // Within the error bound of csr_reference_apply for every (alpha, beta);
  // beta == 0 never reads y; the transpose is csr_reference_apply's.
  void check(const OwnedCsr<V, I>& m, const SegspmvParams& p, std::uint64_t seed) {
    SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
    SegspmvHostFormat<V, I> f(p);
    f.build(m.view());
    const auto x = test::random_vector<V>(std::size_t(m.cols), seed);
    const auto y0 = test::random_vector<V>(std::size_t(m.rows), seed + 1);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}, {0, 2}}) {
      SCOPED_TRACE("alpha " + test::to_text(alpha) + " beta " + test::to_text(beta));
      std::vector<V> expect = y0, got = y0;
      if (beta == V(0)) got.assign(got.size(), test::nan<V>());  // never read
      csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
      f.apply(Op::plain, alpha, x.data(), beta, got.data());
      test::expect_close(got, expect, 2 * test::error_bound(m.view(), false, alpha, x, beta, y0));
    }
    const auto xt = test::random_vector<V>(std::size_t(m.rows), seed + 2);
    std::vector<V> expect(std::size_t(m.cols), V(1)), got = expect;
    csr_reference_apply(m.view(), Op::transpose, V(2), xt.data(), V(1), expect.data());
    f.apply(Op::transpose, V(2), xt.data(), V(1), got.data());
    EXPECT_EQ(got, expect);
  }

  void check_all_params(const OwnedCsr<V, I>& m, std::uint64_t seed) {
    for (const SegspmvParams& p : test::segspmv_param_sets()) check(m, p, seed);
  }

  // Small integers: any order of the additions gives the exact sum, so the
  // host kernel must give CSR's bits (padding adds zeros, never NaN).
  void check_exact(OwnedCsr<V, I> m, std::uint64_t seed) {
    const auto product = test::small_integer_product(std::move(m), seed);
    for (const SegspmvParams& p : test::segspmv_param_sets()) {
      SCOPED_TRACE(describe(p) + ", " + std::to_string(product.m.rows) + "x" + std::to_string(product.m.cols));
      SegspmvHostFormat<V, I> f(p);
      f.build(product.m.view());
      test::expect_csr_bits(f, product);
    }
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(SegspmvReference, TypePairs);

TYPED_TEST(SegspmvReference, RegularIrregularAndRandomMatrices) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  std::uint64_t seed = 100;
  for (const auto& m : matrices<V, I>()) this->check_all_params(m, ++seed);
}

TYPED_TEST(SegspmvReference, IntegerValuesGiveCsrsExactResult) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  this->check_exact(rows_of<V, I>(300, 27, 400, 1), 1);
  this->check_exact(test::circuit_csr<V, I>(2000, 2100, 5, 1500, 2), 2);
  this->check_exact(test::random_csr<V, I>({1, 20000, 1, 0, 0, 3}), 3);  // one long row, many trips
  this->check_exact(test::mixed_length_csr<V, I>(4), 4);
}

TYPED_TEST(SegspmvReference, EdgeCases) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  this->check_all_params(test::random_csr<V, I>({0, 0, 0, 0, 0, 3}), 3);  // 0 x 0
  this->check_all_params(test::random_csr<V, I>({1, 1, 1, 0, 0, 4}), 4);  // 1 x 1
  this->check_all_params(rows_of<V, I>(200, 16, 40, 5), 5);                // rows exactly L (16) long
  std::vector<std::int64_t> lengths(100, 0);                               // all rows empty but one
  lengths[37] = 40;
  this->check_all_params(test::csr_of_lengths<V, I>(lengths, 64, 6), 6);
  lengths[37] = 0;  // all empty
  this->check_all_params(test::csr_of_lengths<V, I>(lengths, 64, 7), 7);
  // A dense row of 3000 (chunks in every parameter set) among sparse and empty ones.
  this->check_all_params(test::random_csr<V, I>({64, 3000, 0.01, 0.2, 1, 8}), 8);
  // Rectangular: wide, tall, no columns.
  this->check_all_params(test::power_law_csr<V, I>(50, 5000, 1.5, 2, 9), 9);
  this->check_all_params(test::random_csr<V, I>({1000, 2, 0.5, 0, 0, 10}), 10);
  this->check_all_params(test::random_csr<V, I>({5, 0, 0, 0, 0, 11}), 11);
}

// NaN and Inf in the matrix or x reach exactly the rows CSR's reach; the
// padding never reads x (a NaN in a column no row of the piece holds stays
// out); beta == 0 ignores NaN in y.
TYPED_TEST(SegspmvReference, NanAndInfPropagateAsInCsrAndPaddingNeverReadsX) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const V nan = test::nan<V>(), inf = test::inf<V>();
  std::vector<std::int64_t> lengths(600, 27);
  lengths[5] = 3000;  // a long row
  auto m = test::csr_of_lengths<V, I>(lengths, 4000, 1);
  m.values[std::size_t(m.row_ptr[10])] = inf;
  m.values[std::size_t(m.row_ptr[20]) + 3] = nan;
  m.values[std::size_t(m.row_ptr[6]) - 1] = -inf;  // the long row's last entry
  auto x = test::random_vector<V>(std::size_t(m.cols), 3);
  // Column 0 (which padding would read, were it a column) NaN: only the rows
  // holding it turn NaN.
  x[0] = nan;
  for (const SegspmvParams& p : test::segspmv_param_sets()) {
    SCOPED_TRACE(describe(p));
    SegspmvHostFormat<V, I> f(p);
    f.build(m.view());
    const auto y0 = test::random_vector<V>(std::size_t(m.rows), 4);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0, got(y0.size(), nan);
      if (beta != V(0)) got = y0;
      csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
      f.apply(Op::plain, alpha, x.data(), beta, got.data());
      const double bound = 2 * test::error_bound(m.view(), false, alpha, x, beta, y0);
      std::int64_t nan_rows = 0;
      for (std::size_t r = 0; r < got.size(); ++r) {
        ASSERT_EQ(test::is_nan(got[r]), test::is_nan(expect[r])) << "row " << r;
        nan_rows += test::is_nan(got[r]);
        if (test::is_inf(expect[r]))
          ASSERT_EQ(got[r], expect[r]) << "row " << r;
        else if (!test::is_nan(expect[r]))
          ASSERT_LE(test::distance(got[r], expect[r]), bound) << "row " << r;
      }
      EXPECT_GT(nan_rows, 0);
      EXPECT_LT(nan_rows, std::int64_t(got.size()) / 2);
      EXPECT_TRUE(test::is_inf(got[10]));
      EXPECT_TRUE(test::is_nan(got[20]));
    }
  }
}

TYPED_TEST(SegspmvReference, RefillTakesTheNewValuesAtTheirNewAddress) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const auto m = test::power_law_csr<V, I>(1500, 1200, 2.0, 1, 1);
  SegspmvHostFormat<V, I> f(segspmv_with(4, S::tree, 64, 4));
  f.build(m.view());
  const SegspmvLayout<I> before = f.layout();
  auto n = m;  // the same pattern, other values elsewhere
  for (auto& v : n.values) v = V(2) * v + V(1);
  f.refill(n.view());
  EXPECT_EQ(f.csr().values, n.values.data());
  EXPECT_EQ(f.layout().row_seg, before.row_seg);
  EXPECT_EQ(f.layout().piece_row, before.piece_row);
  EXPECT_EQ(f.layout().piece_seg, before.piece_seg);
  const auto x = test::random_vector<V>(std::size_t(n.cols), 5);
  std::vector<V> got(std::size_t(n.rows)), expect(got.size());
  csr_reference_apply(n.view(), Op::plain, V(1), x.data(), V(0), expect.data());
  f.apply(Op::plain, V(1), x.data(), V(0), got.data());
  test::expect_close(got, expect, 2 * test::error_bound(n.view(), false, V(1), x, V(0), expect));
}

// ---- what the format says of itself ---------------------------------------------

TEST(SegspmvHostFormat, CapabilitiesBytesAndDescription) {
  const auto m = rows_of<double, std::int32_t>(1000, 27, 1200, 1);
  SegspmvHostFormat<double, std::int32_t> f(SegspmvParams{});
  f.build(m.view());
  const Capabilities c = f.capabilities();
  EXPECT_FALSE(c.transpose);
  EXPECT_TRUE(c.row_map);
  EXPECT_FALSE(c.row_ranges);
  const SegspmvLayout<std::int32_t>& l = f.layout();
  EXPECT_EQ(l.length, 4);  // 28 slots per row of 27
  EXPECT_EQ(l.slots(), 28000);
  EXPECT_EQ(f.extra_host_bytes(), (l.row_seg.size() + l.piece_row.size() + l.piece_seg.size()) * sizeof(std::int32_t));
  // The slots, the index arrays, and the CSR arrays the fill reads (no prefetch here).
  EXPECT_EQ(f.device_bytes_needed(), l.device_bytes(sizeof(double), sizeof(std::int32_t)) +
                                         (1001 + 27000) * sizeof(std::int32_t) + 27000 * sizeof(double));
  const std::vector<std::string> lines = f.describe();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("L = 4 (bytes weighed by L)"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("variant vector"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("3.6% of the slots padding"), std::string::npos) << lines[0];  // 1000 of 28000
  EXPECT_NE(lines[1].find("7000 segments"), std::string::npos) << lines[1];
  SegspmvHostFormat<double, std::int32_t> t(segspmv_with(32, S::automatic, 256, 8));
  t.build(m.view());
  EXPECT_NE(t.describe()[0].find("L = 32 (as set), variant tree"), std::string::npos) << t.describe()[0];
}

}  // namespace
}  // namespace aijadaptive
