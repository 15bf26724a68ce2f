// Format `inode` on the host: its tuning parameters, the layout builder's
// invariants (groups are runs of identical rows, every row once, offsets
// decode to the columns, 16-bit where the span allows), and the host kernel
// (which walks the slices as the CUDA kernel does) against
// csr_reference_apply: the same bits where the summation order is the same.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/inode.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/row_parts.hpp"
#include "formats/inode/tuning.hpp"
#include "node_csr.hpp"
#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

InodeParams with(int max_group_rows, std::int64_t window_rows, double max_padding, std::int64_t wide_columns,
                 bool sort, int group_threads = 0) {
  return {max_group_rows, window_rows, max_padding, wide_columns, sort, group_threads};
}

// Auto k (1 on large matrices, more on these small ones) and each fixed k.
const InodeParams kParamSets[] = {InodeParams{},
                                  with(1, 4096, 0.25, 1024, true, 1),
                                  with(8, 1, 0.25, 1024, true, 2),
                                  with(3, 100, 0, 32, false, 4),
                                  with(5, 65536, 4, 64, true, 8),
                                  with(2, 7, 0.5, 40, false, 16),
                                  with(8, 300, 0.25, 1024, true, 32)};

std::string describe(const InodeParams& p) {
  return "groups <= " + std::to_string(p.max_group_rows) + ", window " + std::to_string(p.window_rows) +
         ", padding " + std::to_string(p.max_padding) + ", wide " + std::to_string(p.wide_columns) +
         (p.sort ? ", sorted" : "") + ", k " + std::to_string(p.group_threads);
}

TEST(InodeParams, DefaultsTheUsersSettingsAndRefusals) {
  const DeviceInfo hopper = hopper_device_info();
  InodeParams p = inode_params(TuningParams{}, hopper);
  EXPECT_EQ(p.max_group_rows, 8);
  EXPECT_EQ(p.window_rows, 8192);
  EXPECT_TRUE(p.sort);
  EXPECT_EQ(p.group_threads, 0);  // auto
  EXPECT_EQ(p.multiprocessors, 132);
  TuningParams t;
  for (const char* a : {"inode.max_group_rows=3", "inode.window_rows=17", "inode.max_padding=0.5",
                        "inode.wide_columns=64", "inode.sort=no", "inode.group_threads=4"})
    t.set(a);
  p = inode_params(t, hopper);
  EXPECT_EQ(p.group_threads, 4);
  EXPECT_EQ(p.max_group_rows, 3);
  EXPECT_EQ(p.window_rows, 17);
  EXPECT_EQ(p.max_padding, 0.5);
  EXPECT_EQ(p.wide_columns, 64);
  EXPECT_FALSE(p.sort);
  EXPECT_THROW(t.set("inode.max_group_rows=9"), Error);  // no kernel for G = 9
  EXPECT_THROW(t.set("inode.window_rows=65537"), Error);  // 16-bit row offsets
  EXPECT_THROW(t.set("inode.group_threads=3"), Error);
  EXPECT_THROW(inode_check_params(with(1, 1, 0, 32, true, 64)), Error);
  EXPECT_THROW(inode_check_params(with(0, 1, 0, 32, true)), Error);
  EXPECT_THROW(inode_check_params(with(1, 1, -1, 32, true)), Error);
  EXPECT_THROW(inode_check_params(with(1, 1, 0, 31, true)), Error);
  EXPECT_THROW((InodeHostFormat<double, std::int32_t>(with(1, 0, 0, 32, true))), Error);
}

// ---- the builder --------------------------------------------------------------

template <class V, class I>
bool same_columns(const CsrView<V, I>& a, std::int64_t r, std::int64_t s) {
  const std::int64_t lr = a.row_ptr[r + 1] - a.row_ptr[r], ls = a.row_ptr[s + 1] - a.row_ptr[s];
  return lr == ls && std::equal(a.col_idx + a.row_ptr[r], a.col_idx + a.row_ptr[r + 1], a.col_idx + a.row_ptr[s]);
}

template <class V, class I>
void check_layout(const CsrView<V, I>& a, const InodeParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(a.rows) + "x" + std::to_string(a.cols));
  const InodeLayout l = inode_build_layout(a, p);
  std::vector<int> seen(std::size_t(a.rows), 0);
  std::int64_t stored = 0, groups = 0;
  std::array<std::int64_t, kInodeMaxGroupRows + 1> sizes{};
  ASSERT_EQ(l.window_rows.size(), l.window_slices.size());
  ASSERT_EQ(l.window_rows.back(), a.rows);
  ASSERT_EQ(l.window_slices.back(), std::int64_t(l.slices.size()));
  for (std::size_t w = 0; w + 1 < l.window_rows.size(); ++w) {
    ASSERT_LT(l.window_rows[w], l.window_rows[w + 1]);
    for (std::int64_t k = l.window_slices[w]; k < l.window_slices[w + 1]; ++k) {
      const InodeSlice& s = l.slices[std::size_t(k)];
      ASSERT_EQ(s.row_base, l.window_rows[w]) << "slice " << k;
      ASSERT_GE(s.groups, 1);
      ASSERT_LE(s.groups, kInodeSliceGroups);
      ASSERT_GE(s.group_rows, 1);
      ASSERT_LE(s.group_rows, p.max_group_rows);
      ASSERT_EQ(s.values_at, stored) << "slice " << k;
      ASSERT_EQ(s.groups_at, groups) << "slice " << k;
      const bool wide = s.threads > l.group_threads;
      if (wide) {
        EXPECT_EQ(s.groups, 1);
        EXPECT_EQ(s.threads, kInodeSliceGroups);
      }
      EXPECT_LE(s.groups * s.threads, kInodeSliceGroups) << "slice " << k;
      if (p.group_threads) EXPECT_TRUE(wide || s.threads == p.group_threads);
      std::int64_t entries = 0, low = std::numeric_limits<std::int64_t>::max(), high = -1;
      for (std::int64_t lane = 0; lane < s.groups; ++lane) {
        const std::int64_t row = s.row_base + l.rows[std::size_t(s.groups_at + lane)];
        ASSERT_LT(row + s.group_rows, l.window_rows[w + 1] + 1) << "a group leaves its window";
        const std::int64_t len = a.row_ptr[row + 1] - a.row_ptr[row];
        EXPECT_EQ(wide, len >= p.wide_columns && l.group_threads < kInodeSliceGroups) << "row " << row;
        entries += len;
        for (std::int64_t r = 0; r < s.group_rows; ++r) {
          ++seen[std::size_t(row + r)];
          ASSERT_TRUE(same_columns(a, row, row + r)) << "row " << row + r << " differs from row " << row;
        }
        // Maximal runs: the row after a group that could have grown differs.
        const std::int64_t after = row + s.group_rows;
        if (s.group_rows < p.max_group_rows && after < a.rows) EXPECT_FALSE(same_columns(a, row, after)) << row;
        // The offsets decode to the columns, then padding to the slice's width.
        for (std::int64_t j = 0; j < s.width; ++j) {
          const std::int64_t at = s.offsets_at + j * s.groups + lane;
          const bool pad = (s.kind & kInodeOffsets32) ? l.offsets32[std::size_t(at)] == kInodePad32
                                                      : l.offsets16[std::size_t(at)] == kInodePad16;
          ASSERT_EQ(pad, j >= len) << "row " << row << " column " << j;
          if (pad) continue;
          const std::int64_t offset = (s.kind & kInodeOffsets32) ? std::int64_t(l.offsets32[std::size_t(at)])
                                                                 : std::int64_t(l.offsets16[std::size_t(at)]);
          const std::int64_t c = a.col_idx[a.row_ptr[row] + j];
          ASSERT_EQ(s.col_base + offset, c) << "row " << row << " column " << j;
          low = std::min(low, c);
          high = std::max(high, c);
        }
      }
      // 16-bit exactly where the columns' span allows.
      const bool narrow = high < 0 || high - low < std::int64_t(kInodePad16);
      EXPECT_EQ(narrow, !(s.kind & kInodeOffsets32)) << "slice " << k;
      // Padding within the limit, unless the slice holds one group.
      if (s.groups > 1) EXPECT_LE(double(s.width) * s.groups, (1 + p.max_padding) * double(entries) + 1e-9);
      stored += std::int64_t(s.width) * s.group_rows * s.groups;
      groups += s.groups;
      ++sizes[std::size_t(s.group_rows)];
    }
  }
  for (std::int64_t i = 0; i < a.rows; ++i) ASSERT_EQ(seen[std::size_t(i)], 1) << "row " << i;
  // Each G's list: its slices, in order, all of them once.
  ASSERT_EQ(l.by_rows.size(), l.slices.size());
  EXPECT_EQ(l.rows_begin[1], 0);
  EXPECT_EQ(l.rows_begin.back(), std::int64_t(l.slices.size()));
  for (int g = 1; g <= kInodeMaxGroupRows; ++g)
    for (std::int64_t i = l.rows_begin[std::size_t(g)]; i < l.rows_begin[std::size_t(g) + 1]; ++i) {
      EXPECT_EQ(l.slices[std::size_t(l.by_rows[std::size_t(i)])].group_rows, g);
      if (i > l.rows_begin[std::size_t(g)]) EXPECT_LT(l.by_rows[std::size_t(i) - 1], l.by_rows[std::size_t(i)]);
    }
  EXPECT_EQ(stored, l.stored_values);
  EXPECT_EQ(groups, l.groups());
  EXPECT_EQ(l.entries, std::int64_t(a.nnz()));
  std::int64_t counted = 0;
  for (std::int64_t g = 1; g <= kInodeMaxGroupRows; ++g) counted += l.groups_of_size[std::size_t(g)];
  EXPECT_EQ(counted, groups);
}

TEST(InodeLayout, InvariantsOnNodeMatricesOfOneToFiveUnknownsAndMixed) {
  for (int dof = 1; dof <= 5; ++dof)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const RandomShape nodes{300 + 37 * std::int64_t(seed), 300 + 37 * std::int64_t(seed), 0.03, 0.05, 0, seed};
      const auto m = test::node_csr<double, std::int32_t>(nodes, [dof](std::int64_t) { return dof; });
      for (const InodeParams& p : kParamSets) check_layout(m.view(), p);
    }
  const auto mixed = test::node_csr<float, std::int64_t>({400, 400, 0.02, 0.1, 1, 9},
                                                         [](std::int64_t k) { return int(1 + k * 7 % 11); });
  for (const InodeParams& p : kParamSets) check_layout(mixed.view(), p);
}

TEST(InodeLayout, ThreeUnknownsPerNodeCostTwoThirdsOfAByteOfIndexPerNonzero) {
  const auto m = test::node_csr<double, std::int32_t>({2000, 2000, 0.005, 0, 0, 4}, [](std::int64_t) { return 3; });
  const InodeLayout l = inode_build_layout(m.view(), InodeParams{});
  EXPECT_EQ(l.groups_of_size[3], 2000);
  EXPECT_EQ(l.group_threads, 1);  // 2000 groups of 30 columns: 16 columns a lane at least
  EXPECT_TRUE(l.offsets32.empty());  // 6000 columns: 16-bit everywhere
  EXPECT_EQ(3 * std::int64_t(l.offsets16.size()), l.stored_values);  // one offset per 3 values
  // Rows of random lengths: sorted within windows, little padding is left
  // (unsorted, 16% here).
  const double padding = double(l.stored_values) / double(m.values.size()) - 1;
  EXPECT_LT(padding, 0.05);
  InodeParams unsorted;
  unsorted.sort = false;
  EXPECT_GT(double(inode_build_layout(m.view(), unsorted).stored_values), (1 + 2 * padding) * double(l.stored_values));
  const double per_entry = double(l.device_bytes(sizeof(double))) / double(m.values.size());
  EXPECT_GT(per_entry, 8 + 2.0 / 3);
  EXPECT_LT(per_entry, (8 + 2.0 / 3) * (1 + padding) + 0.1);
  InodeHostFormat<double, std::int32_t> f{InodeParams{}};
  f.build(m.view());
  const auto lines = f.describe();
  EXPECT_NE(lines[1].find("1 lane per group"), std::string::npos) << lines[1];
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[0].find("2000 of 3"), std::string::npos) << lines[0];
  EXPECT_NE(lines[2].find("bytes per nonzero"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("by comparing each row with the one before"), std::string::npos) << lines[3];
}

// Columns 0 and 70000 in the first rows: their slices need 32 bits, the others not.
template <class V, class I>
OwnedCsr<V, I> wide_span_matrix() {
  OwnedCsr<V, I> m;
  m.rows = 200;
  m.cols = 80000;
  for (I i = 0; i < m.rows; ++i) {
    const std::vector<I> cols = i < 40 ? std::vector<I>{i, I(70000 + i)} : std::vector<I>{I(i - 1), i, I(i + 1)};
    for (I c : cols) {
      m.col_idx.push_back(c);
      m.values.push_back(V(0.5) + V(c % 7));
    }
    m.row_ptr.push_back(I(m.col_idx.size()));
  }
  return m;
}

TEST(InodeLayout, LanesPerGroupFillTheDeviceWithEightColumnsALaneAtLeast) {
  EXPECT_EQ(inode_group_threads(216000, 54.2, 132), 2);   // fem dof=3, n=60: 16 columns a lane at least
  EXPECT_EQ(inode_group_threads(110592, 71.7, 132), 4);   // fem dof=4, n=48
  EXPECT_EQ(inode_group_threads(405224, 36.3, 132), 2);   // fem dof=2, n=74: 4 waves of 132 x 2048 lanes
  EXPECT_EQ(inode_group_threads(1728000, 18.3, 132), 1);  // fem n=120
  EXPECT_EQ(inode_group_threads(1792, 162.0, 132), 8);    // bcsstk16: few groups, long
  EXPECT_EQ(inode_group_threads(1792, 1000.0, 132), 32);
  EXPECT_EQ(inode_group_threads(100, 12.0, 132), 1);
  EXPECT_EQ(inode_group_threads(0, 0.0, 132), 1);
}

void expect_the_same_layout(const InodeLayout& l, const InodeLayout& one, const std::string& what) {
  ASSERT_EQ(l.slices.size(), one.slices.size()) << what;
  for (std::size_t i = 0; i < l.slices.size(); ++i)
    ASSERT_EQ(0, std::memcmp(&l.slices[i], &one.slices[i], sizeof(InodeSlice))) << what << ", slice " << i;
  EXPECT_EQ(l.rows, one.rows) << what;
  EXPECT_EQ(l.offsets16, one.offsets16) << what;
  EXPECT_EQ(l.offsets32, one.offsets32) << what;
  EXPECT_EQ(l.window_rows, one.window_rows) << what;
  EXPECT_EQ(l.window_slices, one.window_slices) << what;
  EXPECT_EQ(l.by_rows, one.by_rows) << what;
  EXPECT_EQ(l.stored_values, one.stored_values) << what;
  EXPECT_EQ(l.groups_of_size, one.groups_of_size) << what;
}

// The build plans each part of the windows on its own thread, then writes
// every part's offsets in place: the layout must not depend on the cut.
template <class V, class I>
void expect_the_same_layout_on_any_number_of_threads(const CsrView<V, I>& a, const InodeParams& p) {
  const InodeLayout one = inode_build_layout(a, p, 1);
  for (int threads : {2, 3, 7})
    expect_the_same_layout(inode_build_layout(a, p, threads), one, std::to_string(threads) + " threads");
  check_layout(a, p);
}

TEST(InodeLayout, TheSameLayoutOnAnyNumberOfThreads) {
  const auto m = test::node_csr<float, std::int64_t>({3000, 3000, 0.003, 0.02, 1, 8},
                                                     [](std::int64_t k) { return int(1 + k % 4); });
  InodeParams p;
  p.window_rows = 64;  // many windows to share out
  expect_the_same_layout_on_any_number_of_threads(m.view(), p);
  // Slices of 16- and 32-bit offsets in the parts of one build.
  const auto spans = wide_span_matrix<double, std::int64_t>();
  p.window_rows = 4;
  const InodeLayout l = inode_build_layout(spans.view(), p, 3);
  EXPECT_FALSE(l.offsets16.empty());
  EXPECT_FALSE(l.offsets32.empty());
  expect_the_same_layout_on_any_number_of_threads(spans.view(), p);
}

// Runs of 1 to 23 identical rows (10 columns each) over 3M entries: the
// groups are found in several row parts, and runs longer than a group cross
// the parts' edges.
CsrView<double, std::int32_t> blocks_of_identical_rows(std::vector<std::int32_t>& row_ptr,
                                                       std::vector<std::int32_t>& col_idx, std::vector<double>& values) {
  const std::int32_t rows = 300000, cols = 300000;
  row_ptr.assign(1, 0);
  col_idx.clear();
  for (std::int32_t i = 0, block = 0, left = 1; i < rows; ++i) {
    if (--left == 0) left = 1 + (++block * 7) % 23;
    for (std::int32_t k = 0; k < 10; ++k) col_idx.push_back((block * 3 + k * (cols / 10)) % cols);
    std::sort(col_idx.end() - 10, col_idx.end());
    row_ptr.push_back(std::int32_t(col_idx.size()));
  }
  values.assign(col_idx.size(), 1.0);
  return {rows, cols, row_ptr.data(), col_idx.data(), values.data()};
}

TEST(InodeLayout, GroupsFoundInSeveralRowPartsAreTheOnesOneThreadFinds) {
  std::vector<std::int32_t> row_ptr, col_idx;
  std::vector<double> values;
  const CsrView<double, std::int32_t> a = blocks_of_identical_rows(row_ptr, col_idx, values);
  ASSERT_GE(detail::row_parts(a.rows, a.nnz(), 1, 3, inode_tuning::kBuildEntriesPerThread).size(), 3u);
  for (const int most : {8, 3}) {
    InodeParams p;
    p.max_group_rows = most;
    expect_the_same_layout_on_any_number_of_threads(a, p);
  }
}

// The runs of identical rows as PETSc's I-nodes give them: every run of
// identical rows cut into pieces of at most `most` rows.
template <class V, class I>
std::vector<std::int64_t> identical_runs(const CsrView<V, I>& a, std::int64_t most) {
  std::vector<std::int64_t> sizes;
  for (std::int64_t i = 0; i < std::int64_t(a.rows); ++i)
    if (i > 0 && sizes.back() < most && repeats_previous_row(a, i))
      ++sizes.back();
    else
      sizes.push_back(1);
  return sizes;
}

template <class V, class I>
CsrView<V, I> with_runs(CsrView<V, I> a, std::vector<std::int64_t> sizes, const void* row_ptr, const void* col_idx) {
  a.row_runs = std::make_shared<const RowRuns>(RowRuns{std::move(sizes), row_ptr, col_idx});
  return a;
}

// The owner's runs (PETSc's I-nodes) spare the comparisons inside them, and
// give the layout the rows compared one by one give; runs that do not
// describe the view's own arrays, or do not cover its rows, are ignored.
TEST(InodeLayout, TheOwnersRunsOfIdenticalRowsGiveTheSameLayout) {
  // Runs of 1 to 11 identical rows: longer than PETSc's I-nodes (5) and than a group (8).
  const auto m = test::node_csr<double, std::int32_t>({600, 600, 0.02, 0.1, 1, 5},
                                                      [](std::int64_t k) { return int(1 + k * 7 % 11); });
  const CsrView<double, std::int32_t> a = m.view();
  for (const InodeParams& p : kParamSets) {
    const InodeLayout compared = inode_build_layout(a, p, 2);
    EXPECT_EQ(compared.known_runs, 0);
    for (std::int64_t most : {1, 5, 11}) {
      const std::vector<std::int64_t> runs = identical_runs(a, most);
      const InodeLayout l = inode_build_layout(with_runs(a, runs, a.row_ptr, a.col_idx), p, 2);
      EXPECT_EQ(l.known_runs, std::int64_t(runs.size()));
      expect_the_same_layout(l, compared, "runs of at most " + std::to_string(most) + ", " + describe(p));
    }
  }
  const InodeParams p;
  const std::vector<std::int64_t> runs = identical_runs(a, 5);
  std::vector<std::int64_t> short_by_one = runs, with_empty = runs;
  --short_by_one.back();
  with_empty.insert(with_empty.begin() + 1, 0);
  const auto copy = m;  // the same matrix in other arrays
  for (const CsrView<double, std::int32_t>& ignored :
       {with_runs(a, runs, copy.row_ptr.data(), a.col_idx), with_runs(a, runs, a.row_ptr, copy.col_idx.data()),
        with_runs(a, short_by_one, a.row_ptr, a.col_idx), with_runs(a, with_empty, a.row_ptr, a.col_idx)}) {
    EXPECT_EQ(applicable_row_runs(ignored), nullptr);
    EXPECT_EQ(inode_build_layout(ignored, p, 2).known_runs, 0);
  }
  InodeHostFormat<double, std::int32_t> f{p};
  f.build(with_runs(a, runs, a.row_ptr, a.col_idx));
  const std::string line = f.describe().back();
  EXPECT_NE(line.find(std::to_string(runs.size()) + " runs of identical rows (PETSc's I-nodes)"), std::string::npos)
      << line;
}

TEST(InodeLayout, SlicesWhoseColumnsSpanMoreThan16BitsTake32) {
  const auto m = wide_span_matrix<double, std::int64_t>();
  InodeParams p;
  p.sort = false;
  const InodeLayout l = inode_build_layout(m.view(), p);
  std::int64_t narrow = 0, wide = 0;
  for (const InodeSlice& s : l.slices) ((s.kind & kInodeOffsets32) ? wide : narrow) += 1;
  EXPECT_GE(wide, 1);
  EXPECT_GE(narrow, 1);
  check_layout(m.view(), p);
}

// ---- the host kernel ----------------------------------------------------------

template <class P>
class InodeReference : public ::testing::Test {
 protected:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // Bit-identical to csr_reference_apply (the same order of the same
  // operations) except in wide slices, where the bound applies.
  void check(const OwnedCsr<V, I>& m, const InodeParams& p, std::uint64_t seed) {
    SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
    InodeHostFormat<V, I> f(p);
    f.build(m.view());
    bool any_wide = false;  // lanes that share a group: another order of the sums
    for (const InodeSlice& s : f.layout().slices) any_wide |= s.threads > 1;
    const auto x = test::random_vector<V>(std::size_t(m.cols), seed);
    const auto y0 = test::random_vector<V>(std::size_t(m.rows), seed + 1);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}, {0, 2}}) {
      std::vector<V> expect = y0, got = y0;
      if (beta == V(0)) got.assign(got.size(), test::nan<V>());  // never read
      csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
      f.apply(Op::plain, alpha, x.data(), beta, got.data());
      if (!any_wide) {
        // (memcmp of an empty vector's null data is undefined: UBSan says so)
        ASSERT_EQ(0, got.empty() ? 0 : std::memcmp(got.data(), expect.data(), got.size() * sizeof(V)))
            << "alpha " << alpha << " beta " << beta;
      } else {
        const double bound = test::error_bound(m.view(), false, alpha, x, beta, y0);
        for (std::size_t r = 0; r < got.size(); ++r) ASSERT_LE(test::distance(got[r], expect[r]), bound) << r;
      }
    }
    // The transpose: the CSR reference, as the core's cuSPARSE fallback.
    const auto xt = test::random_vector<V>(std::size_t(m.rows), seed + 2);
    std::vector<V> expect(std::size_t(m.cols), V(1)), got = expect;
    csr_reference_apply(m.view(), Op::transpose, V(2), xt.data(), V(1), expect.data());
    f.apply(Op::transpose, V(2), xt.data(), V(1), got.data());
    EXPECT_EQ(got, expect);
  }

  void check_all_params(const OwnedCsr<V, I>& m, std::uint64_t seed) {
    for (const InodeParams& p : kParamSets) check(m, p, seed);
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(InodeReference, TypePairs);

TYPED_TEST(InodeReference, NodeMatricesOfOneToFiveUnknowns) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (int dof = 1; dof <= 5; ++dof) {
    const RandomShape nodes{150 + 11 * dof, 120 + 13 * dof, 0.04, 0.05, dof % 2, std::uint64_t(dof)};
    this->check_all_params(test::node_csr<V, I>(nodes, [dof](std::int64_t) { return dof; }), 10 + dof);
  }
  this->check_all_params(test::node_csr<V, I>({200, 200, 0.03, 0.1, 0, 7},
                                              [](std::int64_t k) { return int(1 + k % 8); }),
                         20);
  this->check_all_params(wide_span_matrix<V, I>(), 21);
}

TYPED_TEST(InodeReference, EdgeCases) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  RandomShape s;
  s.rows = s.cols = 0;  // 0 x 0
  this->check_all_params(test::random_csr<V, I>(s), 3);
  s.rows = s.cols = 1;  // 1 x 1
  s.density = 1;
  this->check_all_params(test::random_csr<V, I>(s), 4);
  s.rows = 50;  // all rows empty: one group of identical (empty) rows after another
  s.cols = 40;
  s.density = 0;
  this->check_all_params(test::random_csr<V, I>(s), 5);
  s.rows = 64;  // one dense row of 3000 among sparse ones: wide
  s.cols = 3000;
  s.density = 0.01;
  s.dense_rows = 1;
  s.empty_row_fraction = 0.2;
  this->check_all_params(test::random_csr<V, I>(s), 6);
  s.rows = 1000;  // tall
  s.cols = 2;
  s.dense_rows = 0;
  s.density = 0.5;
  this->check_all_params(test::random_csr<V, I>(s), 8);
  s.rows = 5;  // no columns
  s.cols = 0;
  this->check_all_params(test::random_csr<V, I>(s), 9);
}

TYPED_TEST(InodeReference, NanAndInfPropagateFromTheMatrixAndBetaZeroIgnoresY) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const V nan = test::nan<V>(), inf = test::inf<V>();
  auto m = test::node_csr<V, I>({30, 30, 0.2, 0, 0, 3}, [](std::int64_t) { return 3; });
  InodeHostFormat<V, I> f{InodeParams{}};
  f.build(m.view());
  ASSERT_GT(m.row_ptr[1], 0);
  m.values[0] = inf;  // row 0
  m.values[std::size_t(m.row_ptr[4])] = nan;  // row 4
  f.refill(m.view());
  const std::vector<V> x(std::size_t(m.cols), V(1));
  std::vector<V> y(std::size_t(m.rows), nan);
  f.apply(Op::plain, V(1), x.data(), V(0), y.data());
  EXPECT_TRUE(test::is_inf(y[0]));
  EXPECT_TRUE(test::is_nan(y[4]));
  for (std::size_t r = 0; r < y.size(); ++r)
    if (r != 0 && r != 4) EXPECT_TRUE(test::is_finite(y[r])) << r;
}

}  // namespace
}  // namespace aijadaptive
