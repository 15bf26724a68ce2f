// Matrices and checks shared by the tests of the DIA-Adaptive formats (dia,
// brcsd1, brcsd2): banded matrices of the three types, the layout's
// invariants, the host kernel against the CSR reference.
#pragma once

#include <aijadaptive/diagonal_layout.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "random_csr.hpp"

namespace aijadaptive::test {

struct Banded {
  std::int64_t rows = 100, cols = 100;
  std::vector<std::int64_t> offsets{-1, 0, 1};
  // A run of rows [hole_begin, hole_end) without entries on hole_offsets.
  std::vector<std::int64_t> hole_offsets;
  std::int64_t hole_begin = 0, hole_end = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> scatter;  // extra single entries (row, col)
  double empty_row_fraction = 0;
  bool stored_zeros = false;  // some entries hold an explicit 0
  std::int64_t zero_offset = std::numeric_limits<std::int64_t>::min();  // a diagonal of stored zeros only
  std::uint64_t seed = 1;
};

template <class V, class I>
OwnedCsr<V, I> banded(const Banded& b) {
  std::mt19937_64 rng(b.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0), value(-1.0, 1.0);
  OwnedCsr<V, I> m;
  m.rows = I(b.rows);
  m.cols = I(b.cols);
  m.row_ptr.assign(1, 0);
  for (std::int64_t i = 0; i < b.rows; ++i) {
    std::set<std::int64_t> cols;
    if (unit(rng) >= b.empty_row_fraction) {
      for (std::int64_t d : b.offsets) {
        const bool hole = i >= b.hole_begin && i < b.hole_end &&
                          std::find(b.hole_offsets.begin(), b.hole_offsets.end(), d) != b.hole_offsets.end();
        if (i + d >= 0 && i + d < b.cols && !hole) cols.insert(i + d);
      }
    }
    for (auto [r, c] : b.scatter)
      if (r == i) cols.insert(c);
    for (std::int64_t c : cols) {
      m.col_idx.push_back(I(c));
      const bool zero = c - i == b.zero_offset || (b.stored_zeros && unit(rng) < 0.2);
      m.values.push_back(zero ? V(0) : V(value(rng)));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

// Every entry stored once, at the slot of its diagonal in its row's piece;
// everything else zero; pieces in order over every row; consecutive pieces
// never repeat a list (they would share it); each stored diagonal crosses its
// piece; blocks cover every row once, guarded exactly where a diagonal leaves.
template <class V, class I>
void check_layout(const OwnedCsr<V, I>& m, const DiagonalHostFormat<V, I>& f) {
  const DiagonalLayout<V>& l = f.layout_with_values();
  ASSERT_EQ(l.rows, m.rows);
  ASSERT_EQ(l.nnz, std::int64_t(m.values.size()));
  std::vector<char> used(l.values.size(), 0);
  std::int64_t next = 0;
  for (std::size_t p = 0; p < l.pieces.size(); ++p) {
    const DiagonalPiece& piece = l.pieces[p];
    ASSERT_EQ(piece.row0, next) << "piece " << p;
    ASSERT_GT(piece.rows, 0);
    ASSERT_GE(piece.stride, piece.rows);
    ASSERT_EQ(piece.values % kDiagonalAlign, 0);
    next += piece.rows;
    const std::int64_t* list = l.offsets.data() + l.list_begin[std::size_t(piece.list)];
    const std::int64_t count = l.list_begin[std::size_t(piece.list) + 1] - l.list_begin[std::size_t(piece.list)];
    ASSERT_TRUE(std::is_sorted(list, list + count));
    for (std::int64_t k = 0; k < count; ++k)
      EXPECT_LT(std::max(piece.row0, -list[k]), std::min(piece.row0 + piece.rows, l.cols - list[k]))
          << "offset " << list[k] << " does not cross piece " << p;
    if (p > 0 && l.pieces[p - 1].list != piece.list) {
      const DiagonalPiece& before = l.pieces[p - 1];
      const std::vector<std::int64_t> a(l.offsets.begin() + l.list_begin[std::size_t(before.list)],
                                        l.offsets.begin() + l.list_begin[std::size_t(before.list) + 1]);
      EXPECT_FALSE(std::equal(a.begin(), a.end(), list, list + count) && std::int64_t(a.size()) == count)
          << "pieces " << p - 1 << " and " << p << " repeat a list instead of sharing it";
    }
    for (std::int64_t i = piece.row0; i < piece.row0 + piece.rows; ++i)
      for (I e = m.row_ptr[i]; e < m.row_ptr[i + 1]; ++e) {
        const std::int64_t k = std::lower_bound(list, list + count, std::int64_t(m.col_idx[e]) - i) - list;
        ASSERT_TRUE(k < count && list[k] == m.col_idx[e] - i) << "entry (" << i << ", " << m.col_idx[e] << ")";
        const std::size_t slot = std::size_t(piece.values + k * piece.stride + (i - piece.row0));
        ASSERT_EQ(used[slot], 0) << "two entries in one slot";
        used[slot] = 1;
        if (is_nan(m.values[std::size_t(e)]))
          EXPECT_TRUE(is_nan(l.values[slot]));
        else
          EXPECT_EQ(l.values[slot], m.values[std::size_t(e)]);
      }
  }
  ASSERT_EQ(next, l.rows);
  for (std::size_t s = 0; s < used.size(); ++s)
    if (!used[s]) ASSERT_EQ(l.values[s], V(0)) << "padding slot " << s;
  std::int64_t row = 0;
  for (const DiagonalBlock& b : f.blocks()) {
    ASSERT_EQ(b.row0, row);
    ASSERT_GT(b.rows, 0);
    ASSERT_LE(b.rows, f.block_threads());
    row += b.rows;
    const std::int64_t list = b.list_guard / 2;
    bool leaves = false;
    for (std::int64_t k = l.list_begin[std::size_t(list)]; k < l.list_begin[std::size_t(list) + 1]; ++k)
      for (std::int64_t i = b.row0; i < b.row0 + b.rows; ++i)
        leaves = leaves || i + l.offsets[std::size_t(k)] < 0 || i + l.offsets[std::size_t(k)] >= l.cols;
    EXPECT_EQ(b.list_guard % 2 == 1, leaves) << "block at row " << b.row0;
  }
  EXPECT_EQ(row, l.rows);
}

// The host kernel against csr_reference_apply: bit for bit for y = A x (each
// row summed in column order, padding adding exact zeros), within the error
// bound for other alpha and beta (and for the transpose, where it exists).
template <class V, class I>
void check_reference(const OwnedCsr<V, I>& m, const HostFormat<V, I>& f, std::uint64_t seed) {
  for (Op op : {Op::plain, Op::transpose}) {
    if (op == Op::transpose && !f.capabilities().transpose) continue;
    const bool t = op == Op::transpose;
    const auto x = random_vector<V>(std::size_t(t ? m.rows : m.cols), seed);
    const auto y0 = random_vector<V>(std::size_t(t ? m.cols : m.rows), seed + 1);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-2.5), V(0.5)}, {0, 2}}) {
      auto got = beta == V(0) ? std::vector<V>(y0.size(), nan<V>()) : y0;
      auto expect = y0;
      f.apply(op, alpha, x.data(), beta, got.data());
      csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
      if (!t && alpha == V(1) && beta == V(0)) {
        for (std::size_t r = 0; r < got.size(); ++r)
          ASSERT_TRUE(got[r] == expect[r] || (is_nan(got[r]) && is_nan(expect[r])))
              << "row " << r << ": " << got[r] << " vs " << expect[r];
        continue;
      }
      // The bound of the finite entries: rows that reach a NaN or Inf must give the same one.
      OwnedCsr<V, I> finite = m;
      for (V& v : finite.values)
        if (!is_finite(v)) v = V(0);
      const double bound = 2 * error_bound(finite.view(), t, alpha, x, beta, y0);
      for (std::size_t r = 0; r < got.size(); ++r) {
        if (!is_finite(expect[r])) {  // NaN and Inf: the same one
          ASSERT_TRUE(got[r] == expect[r] || (is_nan(got[r]) && is_nan(expect[r])))
              << "row " << r << ": " << got[r] << " vs " << expect[r];
          continue;
        }
        ASSERT_LE(distance(got[r], expect[r]), bound)
            << "row " << r << " op " << int(op) << " alpha " << alpha << " beta " << beta;
      }
    }
  }
}

// The matrices every diagonal format is tested on: the three types, and the
// edge cases (0x0, 1x1, one diagonal, a diagonal of stored zeros, offsets at
// +-(n-1), rectangular both ways, empty rows).
inline std::vector<std::pair<std::string, Banded>> diagonal_test_matrices() {
  std::vector<std::pair<std::string, Banded>> v;
  v.push_back({"type I: tridiagonal 1000", {1000, 1000, {-1, 0, 1}}});
  v.push_back({"type I: 2D 5-point 40x40", {1600, 1600, {-40, -1, 0, 1, 40}}});
  v.push_back({"type II: far diagonals", {2000, 2000, {-1000, -1, 0, 1, 700, 1999}}});
  Banded holes{3000, 3000, {-1200, -1, 0, 1, 900}};
  holes.hole_offsets = {900};
  holes.hole_begin = 100;
  holes.hole_end = 1500;
  holes.scatter = {{5, 2900}, {2500, 3}};
  v.push_back({"type III: zero run and scatter points", holes});
  v.push_back({"0x0", {0, 0, {}}});
  v.push_back({"1x1", {1, 1, {0}}});
  v.push_back({"one diagonal", {500, 500, {7}}});
  Banded zeros{400, 400, {-3, 0, 5}};
  zeros.stored_zeros = true;
  zeros.zero_offset = 5;
  v.push_back({"stored zeros, a diagonal of zeros only", zeros});
  v.push_back({"offsets +-(n-1)", {300, 300, {-299, 0, 299}}});
  v.push_back({"wide", {200, 700, {-5, 0, 3, 450, 699}}});
  v.push_back({"tall", {900, 150, {-800, -20, 0, 149}}});
  Banded empty{1000, 1000, {-2, 0, 2}};
  empty.empty_row_fraction = 0.3;
  v.push_back({"empty rows", empty});
  // Lists longer than the generic kernel's narrowest chunk (kernels.cu): 12
  // diagonals (a chunk of 16), 27 (of 32), and 41 in two chunks with a run of
  // rows on 7 of them (in brcsd1 and brcsd2 a list of another chunk in the
  // same launch).
  v.push_back({"12 diagonals", {1500, 1500, {-300, -40, -20, -3, -2, -1, 0, 1, 2, 3, 20, 40}}});
  Banded stencil27{1728, 1728, {}};  // 3D 27-point on 12^3
  for (std::int64_t dz : {-144, 0, 144})
    for (std::int64_t dy : {-12, 0, 12})
      for (std::int64_t dx : {-1, 0, 1}) stencil27.offsets.push_back(dz + dy + dx);
  v.push_back({"27-point stencil 12^3", stencil27});
  Banded wide_band{3000, 3000, {}};
  for (std::int64_t d = -20; d <= 20; ++d) {
    wide_band.offsets.push_back(d);
    if (d < -3 || d > 3) wide_band.hole_offsets.push_back(d);
  }
  wide_band.hole_begin = 1000;
  wide_band.hole_end = 2600;
  v.push_back({"41 diagonals, 7 of them in a run of rows", wide_band});
  return v;
}

// Every test matrix through the format `id` (made as the core makes it, with
// `params`): its layout, its host kernel, a refill, NaN and Inf in the values.
template <class V, class I>
void check_format_on_test_matrices(FormatId id, const TuningParams& params = {}) {
  FormatContext ctx;
  ctx.params = params;
  std::uint64_t seed = 1;
  for (const auto& [name, b] : diagonal_test_matrices()) {
    SCOPED_TRACE(std::string(format_name(id)) + ", " + name);
    auto m = banded<V, I>(b);
    auto f = make_host_format<V, I>(id, ctx);
    f->build(m.view());
    const auto& diagonal = dynamic_cast<const DiagonalHostFormat<V, I>&>(*f);
    check_layout(m, diagonal);
    check_reference(m, *f, ++seed);
    for (auto& v : m.values) v = V(3) * v - V(1);  // same pattern, new values
    f->refill(m.view());
    check_layout(m, diagonal);
    check_reference(m, *f, ++seed);
    if (m.values.size() < 2) continue;
    m.values[0] = inf<V>();
    m.values[m.values.size() / 2] = nan<V>();
    f->refill(m.view());
    check_reference(m, *f, ++seed);
  }
}

}  // namespace aijadaptive::test
