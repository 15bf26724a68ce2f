// Format `suraa` on the host: its tuning parameters, the Freedman-Diaconis
// segment size (hand-computed cases), the layout builder's invariants (a
// stable sort by length, segments of S rows, three groups by the segments'
// mean length, slices of 32 short rows, CSR of the medium and long rows, the
// long segments' chunks and workspace) on power-law, circuit-like, long-row
// and random matrices, and the host kernel (which walks the groups as the
// CUDA kernels do) against csr_reference_apply: exact on integer values, within
// the error bound otherwise, the short group's rows the same bits.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/suraa.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/cusparse_bytes.hpp"
#include "device_vectors.hpp"
#include "exact_checks.hpp"
#include "irregular_csr.hpp"
#include "random_csr.hpp"
#include "suraa_params.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

using test::describe;

using test::suraa_with;

// The defaults, then small limits (all three groups and long rows of many
// chunks even in small matrices), long_threads 64 to 1024, segment_rows
// 0 (the rule), 32, 64 and 96, everything long but the empty rows,
// everything short, and one launch.
const SuraaParams kParamSets[] = {SuraaParams{},
                                  suraa_with(0, 4, 24, 32, 64, SuraaLaunch::host),
                                  suraa_with(32, 8, 64, 64, 256, SuraaLaunch::device, false),
                                  suraa_with(64, 2, 16, 100, 128, SuraaLaunch::host, false),
                                  suraa_with(0, 16, 256, 256, 1024),
                                  suraa_with(32, 1, 1, 32, 64),
                                  suraa_with(96, std::int64_t(1) << 30, std::int64_t(1) << 30, 8192, 256),
                                  // One launch: medium rows by sub-warps of 2 to 32 lanes.
                                  suraa_with(0, 4, 24, 32, 256, SuraaLaunch::host, false, true),
                                  suraa_with(64, 2, 200, 100, 256, SuraaLaunch::automatic, true, true),
                                  suraa_with(0, 0, 0, 0, 256, SuraaLaunch::automatic, true, true),
                                  suraa_with(32, 1, 1, 32, 256, SuraaLaunch::host, false, true),  // all long
                                  // Short rows sorted within windows of 32 and 96 rows.
                                  suraa_with(0, 4, 24, 32, 64, SuraaLaunch::host, true, false, 32),
                                  suraa_with(64, 16, 256, 256, 256, SuraaLaunch::device, true, false, 96)};


std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

void expect_invalid_argument(const std::function<void()>& f, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << what << " was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << what << ": " << e.what();
  }
}

// ---- the parameters -----------------------------------------------------------

TEST(SuraaParams, DefaultsAndTheUsersSettings) {
  const SuraaParams d = suraa_params(TuningParams{});
  EXPECT_EQ(d.segment_rows, 0);  // the Freedman-Diaconis rule
  EXPECT_EQ(d.short_limit, 0);    // the limits by the matrix's size (suraa_limits)
  EXPECT_EQ(d.long_limit, 0);
  EXPECT_EQ(d.block_entries, 0);
  EXPECT_EQ(d.one_launch_max_entries, 1000000);
  EXPECT_EQ(d.long_threads, 256);
  EXPECT_EQ(d.long_launch, SuraaLaunch::automatic);
  EXPECT_TRUE(d.streams);
  EXPECT_EQ(d.sort_window, 1024);
  const SuraaParams plain{};  // the struct's defaults are the parameters' defaults
  EXPECT_EQ(plain.segment_rows, d.segment_rows);
  EXPECT_EQ(plain.short_limit, d.short_limit);
  EXPECT_EQ(plain.long_limit, d.long_limit);
  EXPECT_EQ(plain.block_entries, d.block_entries);
  EXPECT_EQ(plain.long_threads, d.long_threads);
  EXPECT_EQ(plain.one_launch_max_entries, d.one_launch_max_entries);
  EXPECT_EQ(plain.sort_window, d.sort_window);

  TuningParams t;
  t.set(FormatId::suraa, "segment_rows", "64");
  t.set(FormatId::suraa, "short_limit", "16");
  t.set(FormatId::suraa, "long_limit", "100");
  t.set(FormatId::suraa, "block_entries", "512");
  t.set("suraa.long_threads=128");
  t.set("suraa.long_launch=host");
  t.set(FormatId::suraa, "streams", "no");
  t.set(FormatId::suraa, "one_launch_max_entries", "0");
  t.set(FormatId::suraa, "sort_window", "1024");
  const SuraaParams p = suraa_params(t);
  EXPECT_EQ(p.segment_rows, 64);
  EXPECT_EQ(p.short_limit, 16);
  EXPECT_EQ(p.long_limit, 100);
  EXPECT_EQ(p.block_entries, 512);
  EXPECT_EQ(p.long_threads, 128);
  EXPECT_EQ(p.long_launch, SuraaLaunch::host);
  EXPECT_FALSE(p.streams);
  EXPECT_EQ(p.one_launch_max_entries, 0);
  EXPECT_EQ(p.sort_window, 1024);

  // The format made from a context takes the context's settings.
  FormatContext context;
  context.params = t;
  const auto f = make_host_format<double, std::int32_t>(FormatId::suraa, context);
  const auto* s = dynamic_cast<const SuraaHostFormat<double, std::int32_t>*>(f.get());
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->params().short_limit, 16);
  EXPECT_EQ(s->params().long_limit, 100);
  EXPECT_EQ(s->params().long_launch, SuraaLaunch::host);
}

TEST(SuraaParams, BadValuesAreRefused) {
  // By the declared ranges, as the user sets them.
  TuningParams t;
  for (auto [name, value] : {std::pair<const char*, const char*>{"segment_rows", "33"},
                             {"segment_rows", "-32"},
                             {"short_limit", "-1"},
                             {"long_limit", "-1"},
                             {"one_launch_max_entries", "-1"},
                             {"long_threads", "100"},
                             {"long_threads", "32"},
                             {"long_threads", "2048"},
                             {"long_launch", "sometimes"},
                             {"sort_window", "100"},
                             {"sort_window", "-32"},
                             {"streams", "maybe"}}) {
    const std::string n = name, v = value;
    expect_invalid_argument([&] { t.set(FormatId::suraa, n, v); }, "suraa." + n + "=" + v);
  }
  // Each valid alone, not together.
  t.set(FormatId::suraa, "short_limit", "100");
  t.set(FormatId::suraa, "long_limit", "50");
  expect_invalid_argument([&] { suraa_params(t); }, "long_limit 50 < short_limit 100");
  TuningParams u;
  u.set(FormatId::suraa, "block_entries", "31");
  expect_invalid_argument([&] { suraa_params(u); }, "block_entries 31");

  // suraa_check_params itself.
  EXPECT_NO_THROW(suraa_check_params(SuraaParams{}));
  for (const SuraaParams& p : kParamSets) EXPECT_NO_THROW(suraa_check_params(p)) << describe(p);
  EXPECT_NO_THROW(suraa_check_params(suraa_with(0, 7, 7, 32, 64)));  // long_limit == short_limit
  expect_invalid_argument([] { suraa_check_params(suraa_with(33, 32, 4096, 8192, 256)); }, "segment_rows 33");
  expect_invalid_argument([] { suraa_check_params(suraa_with(48, 32, 4096, 8192, 256)); }, "segment_rows 48");
  expect_invalid_argument([] { suraa_check_params(suraa_with(-32, 32, 4096, 8192, 256)); }, "segment_rows -32");
  EXPECT_NO_THROW(suraa_check_params(suraa_with(0, 0, 0, 0, 256)));  // every limit by size
  EXPECT_NO_THROW(suraa_check_params(suraa_with(0, 0, 10, 8192, 256)));  // a long limit alone
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, -1, 4096, 8192, 256)); }, "short_limit -1");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 64, 63, 8192, 256)); }, "long_limit < short_limit");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 31, 256)); }, "block_entries 31");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 1, 256)); }, "block_entries 1");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 8192, 100)); }, "long_threads 100");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 8192, 96 + 1)); }, "long_threads 97");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 8192, 2048)); }, "long_threads 2048");
  expect_invalid_argument([] { suraa_check_params(suraa_with(0, 32, 4096, 8192, 256, SuraaLaunch::host, true, false, 48)); },
                          "sort_window 48");
  expect_invalid_argument([] { SuraaHostFormat<double, std::int32_t> f(suraa_with(0, 32, 4096, 8192, 100)); },
                          "a format with long_threads 100");
  const auto m = test::random_csr<double, std::int32_t>({10, 10, 0.3, 0, 0, 1});
  expect_invalid_argument([&] { suraa_build_layout(m.view(), suraa_with(16, 32, 4096, 8192, 256)); },
                          "a layout with segment_rows 16");
}

// ---- the segment size ---------------------------------------------------------

TEST(SuraaSegmentRows, HandComputedCases) {
  // No rows: one slice.
  EXPECT_EQ(suraa_segment_rows({}), 32);
  // One length: IQR 0, h = 1, range 0 -> B = 1: one segment of all the rows,
  // rounded up to a whole slice: ceil(n / 32) * 32.
  EXPECT_EQ(suraa_segment_rows(std::vector<std::int64_t>(1, 9)), 32);
  EXPECT_EQ(suraa_segment_rows(std::vector<std::int64_t>(64, 5)), 64);
  EXPECT_EQ(suraa_segment_rows(std::vector<std::int64_t>(65, 5)), 96);
  EXPECT_EQ(suraa_segment_rows(std::vector<std::int64_t>(100, 0)), 128);
  EXPECT_EQ(suraa_segment_rows(std::vector<std::int64_t>(1000, 7)), 1024);

  std::vector<std::int64_t> s;
  // n = 1000: lengths 0..99, ten rows each. Q3 = sorted[floor(0.75 * 999) = 749]
  // = 74, Q1 = sorted[floor(0.25 * 999) = 249] = 24, IQR = 50;
  // h = 2 * 50 / cbrt(1000) = 10; B = ceil(99 / 10) = 10; S = ceil(1000 / 10) = 100 -> 128.
  for (std::int64_t i = 0; i < 1000; ++i) s.push_back(i / 10);
  EXPECT_EQ(suraa_segment_rows(s), 128);
  // n = 4096: lengths 0..63, 64 rows each. Q3 = sorted[3071] = 47, Q1 =
  // sorted[1023] = 15, IQR = 32; h = 64 / 16 = 4; B = ceil(63 / 4) = 16;
  // S = 4096 / 16 = 256, a whole number of slices already.
  s.clear();
  for (std::int64_t i = 0; i < 4096; ++i) s.push_back(i / 64);
  EXPECT_EQ(suraa_segment_rows(s), 256);
  // n = 1000: 800 rows of 3, then 3 + (i - 800) / 10 = 3..22. Q1 = Q3 = 3:
  // IQR 0, h = max(1, 0) = 1; B = ceil(19 / 1) = 19; S = ceil(1000 / 19) = 53 -> 64.
  s.clear();
  for (std::int64_t i = 0; i < 1000; ++i) s.push_back(i < 800 ? 3 : 3 + (i - 800) / 10);
  EXPECT_EQ(suraa_segment_rows(s), 64);
  // n = 216: 100 rows of 2, 100 of 10, 16 of 1000. Q3 = sorted[161] = 10,
  // Q1 = sorted[53] = 2, IQR = 8; h = 16 / 6 = 2.67; B = ceil(998 / 2.67) =
  // 375 > n; S = ceil(216 / 375) = 1 -> 32 (a heavy tail: the smallest segments).
  s.assign(100, 2);
  s.insert(s.end(), 100, 10);
  s.insert(s.end(), 16, 1000);
  EXPECT_EQ(suraa_segment_rows(s), 32);
  // n = 128 (the hand-built matrix below): 32 x 1, 16 x 2, 16 x 6, 32 x 10,
  // 16 x 20, 16 x 60. Q3 = sorted[95] = 10, Q1 = sorted[31] = 1, IQR = 9;
  // h = 18 / cbrt(128) = 3.57; B = ceil(59 / 3.57) = 17; S = ceil(128 / 17) = 8 -> 32.
  s.assign(32, 1);
  s.insert(s.end(), 16, 2);
  s.insert(s.end(), 16, 6);
  s.insert(s.end(), 32, 10);
  s.insert(s.end(), 16, 20);
  s.insert(s.end(), 16, 60);
  EXPECT_EQ(suraa_segment_rows(s), 32);
}

// ---- the builder --------------------------------------------------------------

template <class V, class I>
void check_layout(const CsrView<V, I>& a, const SuraaParams& p);

// With sort_window W: the layout sorted as one (checked by check_layout)
// but for the short group's order, whose window w holds the w-th W of the
// group's rows in row order, sorted by length and stable; its slices as wide
// as their longest row.
template <class V, class I>
void check_windows(const CsrView<V, I>& a, const SuraaParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(a.rows) + "x" + std::to_string(a.cols));
  SuraaParams one = p;
  one.sort_window = 0;
  check_layout(a, one);
  const SuraaLayout l = suraa_build_layout(a, p), g = suraa_build_layout(a, one);
  const std::int64_t n = a.rows, W = p.sort_window, short_rows = l.group_begin[1];
  ASSERT_EQ(l.group_begin, g.group_begin);
  ASSERT_EQ(l.group_entries, g.group_entries);
  for (std::int64_t k = short_rows; k < n; ++k) {
    ASSERT_EQ(l.order[std::size_t(k)], g.order[std::size_t(k)]) << "sorted row " << k;
    ASSERT_EQ(l.lengths[std::size_t(k)], g.lengths[std::size_t(k)]) << "sorted row " << k;
  }
  EXPECT_EQ(l.row_at, g.row_at);
  ASSERT_EQ(l.long_segments.size(), g.long_segments.size());
  std::vector<std::int64_t> in_row_order(g.order.begin(), g.order.begin() + short_rows);
  std::sort(in_row_order.begin(), in_row_order.end());
  for (std::int64_t w0 = 0; w0 < short_rows; w0 += W) {
    const std::int64_t w1 = std::min(short_rows, w0 + W);
    std::vector<std::int64_t> rows(l.order.begin() + w0, l.order.begin() + w1);
    std::sort(rows.begin(), rows.end());
    ASSERT_TRUE(std::equal(rows.begin(), rows.end(), in_row_order.begin() + w0)) << "window at " << w0;
    for (std::int64_t k = w0; k < w1; ++k) {
      const std::int64_t r = l.order[std::size_t(k)];
      ASSERT_EQ(l.lengths[std::size_t(k)], std::int64_t(a.row_ptr[r + 1]) - std::int64_t(a.row_ptr[r]));
      if (k > w0) {
        ASSERT_LE(l.lengths[std::size_t(k) - 1], l.lengths[std::size_t(k)]) << "not ascending at " << k;
        if (l.lengths[std::size_t(k) - 1] == l.lengths[std::size_t(k)]) {
          ASSERT_LT(l.order[std::size_t(k) - 1], r) << "not stable at " << k;
        }
      }
    }
  }
  ASSERT_EQ(std::int64_t(l.slice_at.size()), ceil_div(short_rows, kSuraaSliceRows) + 1);
  for (std::size_t s = 0; s + 1 < l.slice_at.size(); ++s) {
    const std::int64_t first = std::int64_t(s) * kSuraaSliceRows, end = std::min(short_rows, first + kSuraaSliceRows);
    const std::int64_t longest = *std::max_element(l.lengths.begin() + first, l.lengths.begin() + end);
    ASSERT_EQ(l.slice_at[s + 1] - l.slice_at[s], longest * kSuraaSliceRows) << "slice " << s;
  }
}

template <class V, class I>
void check_layout(const CsrView<V, I>& a, const SuraaParams& p) {
  if (p.sort_window > 0 && !suraa_small(p, a.nnz())) {
    check_windows(a, p);
    return;
  }
  SCOPED_TRACE(describe(p) + ", " + std::to_string(a.rows) + "x" + std::to_string(a.cols));
  const SuraaLayout l = suraa_build_layout(a, p);
  const std::int64_t n = a.rows;
  const auto row_length = [&](std::int64_t r) { return std::int64_t(a.row_ptr[r + 1]) - std::int64_t(a.row_ptr[r]); };
  // The order: a permutation of the rows, sorted by length, stable.
  ASSERT_EQ(std::int64_t(l.order.size()), n);
  ASSERT_EQ(std::int64_t(l.lengths.size()), n);
  std::vector<int> seen(std::size_t(n), 0);
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t r = l.order[std::size_t(k)];
    ASSERT_TRUE(r >= 0 && r < n) << "sorted row " << k << " is row " << r;
    ++seen[std::size_t(r)];
    ASSERT_EQ(l.lengths[std::size_t(k)], row_length(r)) << "sorted row " << k;
    if (k > 0) {
      ASSERT_LE(l.lengths[std::size_t(k) - 1], l.lengths[std::size_t(k)]) << "not ascending at " << k;
      if (l.lengths[std::size_t(k) - 1] == l.lengths[std::size_t(k)]) {
        ASSERT_LT(l.order[std::size_t(k) - 1], r) << "not stable at " << k;
      }
    }
  }
  for (std::int64_t r = 0; r < n; ++r) ASSERT_EQ(seen[std::size_t(r)], 1) << "row " << r;
  // The limits: as set, or (0) by the matrix's size.
  const SuraaLimits lim = suraa_limits(p, l.entries);
  EXPECT_EQ(l.limits.short_limit, lim.short_limit);
  EXPECT_EQ(l.limits.long_limit, lim.long_limit);
  EXPECT_EQ(l.limits.block_entries, lim.block_entries);
  // The segments: S rows each (the last may be shorter), covering the rows once.
  const std::int64_t S = p.segment_rows ? p.segment_rows : suraa_segment_rows(l.lengths);
  ASSERT_EQ(l.segment_rows, S);
  ASSERT_GT(S, 0);
  ASSERT_EQ(S % kSuraaSliceRows, 0);
  ASSERT_EQ(l.segments, ceil_div(n, S));
  // The groups: runs of whole segments, in order short, medium, long.
  const auto& b = l.group_begin;
  ASSERT_EQ(b[0], 0);
  ASSERT_EQ(b[3], n);
  for (int g = 0; g < kSuraaGroups; ++g) ASSERT_LE(b[std::size_t(g)], b[std::size_t(g) + 1]) << "group " << g;
  for (int g = 1; g < kSuraaGroups; ++g)
    ASSERT_TRUE(b[std::size_t(g)] % S == 0 || b[std::size_t(g)] == n)
        << "group " << g << " begins at " << b[std::size_t(g)];
  // Each segment in the group its mean length and longest row say.
  for (std::int64_t s = 0; s < l.segments; ++s) {
    const std::int64_t first = s * S, end = std::min(n, first + S);
    const std::int64_t sum = std::accumulate(l.lengths.begin() + first, l.lengths.begin() + end, std::int64_t(0));
    const double mean = double(sum) / double(end - first);
    const int g = first < b[1] ? 0 : first < b[2] ? 1 : 2;
    ASSERT_LE(end, b[std::size_t(g) + 1]) << "segment " << s << " straddles two groups";
    // A thread walks a short row alone: a short segment's longest row (its
    // last) is bounded too.
    const bool short_enough = mean < double(lim.short_limit) &&
                              l.lengths[std::size_t(end - 1)] < kSuraaShortLongest * lim.short_limit;
    if (g == 0) {
      EXPECT_TRUE(short_enough) << "short segment " << s << ", mean " << mean;
    }
    // Long by the longest row (its last), at every size.
    const std::int64_t longest = l.lengths[std::size_t(end - 1)];
    if (g == 1) {
      EXPECT_FALSE(short_enough) << "medium segment " << s << ", mean " << mean;
      EXPECT_LT(longest, lim.long_limit) << "medium segment " << s;
    }
    if (g == 2) {
      EXPECT_GE(longest, lim.long_limit) << "long segment " << s;
    }
  }
  std::int64_t total = 0;
  for (int g = 0; g < kSuraaGroups; ++g) {
    const std::int64_t entries = std::accumulate(l.lengths.begin() + b[std::size_t(g)],
                                                 l.lengths.begin() + b[std::size_t(g) + 1], std::int64_t(0));
    EXPECT_EQ(l.group_entries[std::size_t(g)], entries) << "group " << g;
    EXPECT_EQ(l.rows(SuraaGroup(g)), b[std::size_t(g) + 1] - b[std::size_t(g)]);
    total += l.group_entries[std::size_t(g)];
  }
  EXPECT_EQ(total, std::int64_t(a.nnz()));
  EXPECT_EQ(l.entries, std::int64_t(a.nnz()));
  // Short rows: slices of 32, each as wide as its last (longest) row.
  const std::int64_t short_rows = l.rows(SuraaGroup::short_rows);
  ASSERT_EQ(std::int64_t(l.slice_at.size()), ceil_div(short_rows, kSuraaSliceRows) + 1);
  ASSERT_EQ(l.slice_at[0], 0);
  for (std::size_t s = 0; s + 1 < l.slice_at.size(); ++s) {
    const std::int64_t first = std::int64_t(s) * kSuraaSliceRows, end = std::min(b[1], first + kSuraaSliceRows);
    const std::int64_t stored = l.slice_at[s + 1] - l.slice_at[s];
    ASSERT_EQ(stored % kSuraaSliceRows, 0) << "slice " << s;
    const std::int64_t width = stored / kSuraaSliceRows;
    ASSERT_EQ(width, l.lengths[std::size_t(end - 1)]) << "slice " << s;
    for (std::int64_t k = first; k < end; ++k) ASSERT_LE(l.lengths[std::size_t(k)], width) << "slice " << s;
  }
  EXPECT_GE(l.sliced_entries(), l.group_entries[0]);
  // Medium and long rows: CSR in sorted order, row_at the lengths' prefix sum.
  ASSERT_EQ(std::int64_t(l.row_at.size()), n - b[1] + 1);
  ASSERT_EQ(l.row_at[0], 0);
  for (std::int64_t k = b[1]; k < n; ++k)
    ASSERT_EQ(l.row_at[std::size_t(k - b[1]) + 1] - l.row_at[std::size_t(k - b[1])], l.lengths[std::size_t(k)])
        << "sorted row " << k;
  EXPECT_EQ(l.csr_entries(), l.group_entries[1] + l.group_entries[2]);
  // One launch: blocks of the medium rows in order, once each, each with the
  // fewest lanes (a power of two, 2 to 32) that give its longest row at most
  // 4 entries a lane, and as many rows as 256 threads hold; else none.
  if (!suraa_one_launch(p, l) || b[1] == b[2]) {
    EXPECT_TRUE(l.medium_blocks.empty());
  } else {
    std::int64_t next_medium = b[1];
    for (const SuraaMediumBlock& m : l.medium_blocks) {
      ASSERT_EQ(m.first, next_medium);
      ASSERT_TRUE(m.lanes == 2 || m.lanes == 4 || m.lanes == 8 || m.lanes == 16 || m.lanes == 32) << m.lanes;
      ASSERT_EQ(m.rows, std::min<std::int64_t>(kSuraaBlockThreads / m.lanes, b[2] - m.first));
      const std::int64_t longest = l.lengths[std::size_t(m.first + m.rows - 1)];
      if (m.lanes < 32) {
        EXPECT_LE(longest, m.lanes * kSuraaEntriesPerLane) << "block at " << m.first;
      }
      if (m.lanes > 2) {  // half as many lanes would not do
        const std::int64_t half_rows = std::min<std::int64_t>(kSuraaBlockThreads / (m.lanes / 2), b[2] - m.first);
        EXPECT_GT(l.lengths[std::size_t(m.first + half_rows - 1)], m.lanes / 2 * kSuraaEntriesPerLane)
            << "block at " << m.first;
      }
      next_medium = m.first + m.rows;
    }
    EXPECT_EQ(next_medium, b[2]);
  }
  // Long segments: [group_begin[2], rows) once, a grid each, the workspace packed.
  ASSERT_EQ(std::int64_t(l.long_segments.size()), ceil_div(n - b[2], S));
  std::int64_t next = b[2], partials = 0, counters = 0;
  for (std::size_t i = 0; i < l.long_segments.size(); ++i) {
    const SuraaLongSegment& s = l.long_segments[i];
    ASSERT_EQ(s.first, next) << "long segment " << i;
    ASSERT_EQ(s.first % S, 0) << "long segment " << i;
    ASSERT_EQ(s.rows, std::min(S, n - s.first)) << "long segment " << i;
    std::int64_t longest = 0;
    for (std::int64_t k = s.first; k < s.first + s.rows; ++k) longest = std::max(longest, l.lengths[std::size_t(k)]);
    EXPECT_EQ(s.chunks, std::max<std::int64_t>(1, ceil_div(longest, lim.block_entries))) << "long segment " << i;
    if (s.chunks > 1) {
      EXPECT_EQ(s.partials_at, partials) << "long segment " << i;
      EXPECT_EQ(s.counters_at, counters) << "long segment " << i;
      partials += s.rows * s.chunks;
      counters += s.rows;
    }
    next = s.first + s.rows;
  }
  EXPECT_EQ(next, n);
  EXPECT_EQ(l.partials, partials);
  EXPECT_EQ(l.counters, counters);
  // Every stored entry's value and index, the order's indices and the workspace.
  EXPECT_GE(l.device_bytes(8, 4), std::size_t(l.sliced_entries() + l.csr_entries()) * 12 + std::size_t(n) * 4 +
                                      std::size_t(l.partials) * 8);
}

template <class V, class I>
std::vector<OwnedCsr<V, I>> irregular_matrices() {
  std::vector<OwnedCsr<V, I>> list;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    list.push_back(test::power_law_csr<V, I>(1500 + 37 * std::int64_t(seed), 1200, 2.0, 1, seed));
    list.push_back(test::power_law_csr<V, I>(700, 900, 1.6, 3, seed + 10));  // heavier tail
    list.push_back(test::circuit_csr<V, I>(2000 + 50 * std::int64_t(seed), 2100, 5, 1500, seed + 20));
    list.push_back(test::long_row_csr<V, I>(150 + 20 * std::int64_t(seed), 3000, 100, 2500, seed + 30));
    list.push_back(test::random_csr<V, I>({400, 300, 0.05, 0.1, 2, seed + 40}));
  }
  return list;
}

TEST(SuraaLayout, InvariantsOnPowerLawCircuitLongRowAndRandomMatrices) {
  for (const auto& m : irregular_matrices<double, std::int32_t>())
    for (const SuraaParams& p : kParamSets) check_layout(m.view(), p);
  for (const auto& m : irregular_matrices<float, std::int64_t>())
    for (const SuraaParams& p : kParamSets) check_layout(m.view(), p);
}

TEST(SuraaLayout, TheSmallParameterSetsReachEveryGroupAndSplitLongRows) {
  // Otherwise the tests of the host kernel below would not walk every path.
  const auto pl = test::power_law_csr<double, std::int32_t>(1537, 1200, 2.0, 1, 1);
  const auto circuit = test::circuit_csr<double, std::int32_t>(2050, 2100, 5, 1500, 21);
  for (const auto* m : {&pl, &circuit}) {
    const SuraaLayout l = suraa_build_layout(m->view(), kParamSets[1]);
    EXPECT_GT(l.rows(SuraaGroup::short_rows), 0);
    EXPECT_GT(l.rows(SuraaGroup::medium_rows), 0);
    EXPECT_GT(l.rows(SuraaGroup::long_rows), 0);
    EXPECT_TRUE(std::any_of(l.long_segments.begin(), l.long_segments.end(),
                            [](const SuraaLongSegment& s) { return s.chunks > 2; }));
    EXPECT_GT(l.partials, 0);
  }
  // One launch: sub-warps of several sizes.
  const SuraaLayout one = suraa_build_layout(pl.view(), kParamSets[8]);
  ASSERT_TRUE(suraa_one_launch(kParamSets[8], one));
  std::vector<int> lanes;
  for (const SuraaMediumBlock& m : one.medium_blocks) lanes.push_back(m.lanes);
  std::sort(lanes.begin(), lanes.end());
  lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
  EXPECT_GE(lanes.size(), 3u);
  // The defaults on a circuit: the few long rows end in a segment of their own.
  const auto big = test::circuit_csr<double, std::int32_t>(20000, 20000, 8, 9000, 5);
  const SuraaLayout l = suraa_build_layout(big.view(), SuraaParams{});
  EXPECT_GT(l.rows(SuraaGroup::short_rows), 19000);
  EXPECT_GE(l.rows(SuraaGroup::long_rows) + l.rows(SuraaGroup::medium_rows), 8);
}

// 128 rows (lengths scrambled over the rows): 32 x 1, 16 x 2 and 16 x 6 (a
// segment of mean 4), 32 x 10, 16 x 20 and 16 x 60 (a segment of mean 40).
template <class V, class I>
OwnedCsr<V, I> hand_built_matrix() {
  std::vector<std::int64_t> sorted;
  for (auto [count, len] : {std::pair<int, std::int64_t>{32, 1}, {16, 2}, {16, 6}, {32, 10}, {16, 20}, {16, 60}})
    sorted.insert(sorted.end(), std::size_t(count), len);
  std::vector<std::int64_t> lengths(128);
  for (std::size_t r = 0; r < 128; ++r) lengths[r] = sorted[(r * 37) % 128];
  return test::csr_of_lengths<V, I>(lengths, 100, 77);
}

TEST(SuraaLayout, AHandBuiltMatrixWithMeansOnTheLimits) {
  const auto m = hand_built_matrix<double, std::int32_t>();
  ASSERT_EQ(m.values.size(), 1760u);
  // S = 32 set, and S = 32 by the rule (SuraaSegmentRows.HandComputedCases).
  for (std::int64_t S : {32, 0}) {
    SCOPED_TRACE("segment_rows " + std::to_string(S));
    const SuraaParams p = suraa_with(S, 4, 40, 32, 64);
    const SuraaLayout l = suraa_build_layout(m.view(), p);
    EXPECT_EQ(l.segment_rows, 32);
    EXPECT_EQ(l.segments, 4);
    // Mean 1: short; mean 4 == short_limit: medium; 10: medium; 40 == long_limit: long.
    EXPECT_EQ(l.group_begin, (std::array<std::int64_t, 4>{0, 32, 96, 128}));
    EXPECT_EQ(l.group_entries, (std::array<std::int64_t, 3>{32, 32 + 96 + 320, 320 + 960}));
    EXPECT_EQ(l.slice_at, (std::vector<std::int64_t>{0, 32}));  // one slice, 1 wide
    ASSERT_EQ(l.row_at.size(), 97u);
    EXPECT_EQ(l.row_at[16], 32);   // 16 rows of 2
    EXPECT_EQ(l.row_at[32], 128);  // and 16 of 6
    EXPECT_EQ(l.csr_entries(), 1728);
    ASSERT_EQ(l.long_segments.size(), 1u);
    const SuraaLongSegment& s = l.long_segments[0];
    EXPECT_EQ(s.first, 96);
    EXPECT_EQ(s.rows, 32);
    EXPECT_EQ(s.chunks, 2);  // ceil(60 / 32)
    EXPECT_EQ(s.partials_at, 0);
    EXPECT_EQ(s.counters_at, 0);
    EXPECT_EQ(l.partials, 64);
    EXPECT_EQ(l.counters, 32);
    EXPECT_EQ(l.entries, 1760);
    // The first sorted rows: those of length 1, in row order.
    std::vector<std::int64_t> ones;
    for (std::int64_t r = 0; r < 128; ++r)
      if (m.row_ptr[std::size_t(r) + 1] - m.row_ptr[std::size_t(r)] == 1) ones.push_back(r);
    EXPECT_EQ(std::vector<std::int64_t>(l.order.begin(), l.order.begin() + 32), ones);
    check_layout(m.view(), p);
  }
  // One chunk per row (block_entries >= 60): no workspace.
  const SuraaLayout one = suraa_build_layout(m.view(), suraa_with(32, 4, 40, 64, 64));
  ASSERT_EQ(one.long_segments.size(), 1u);
  EXPECT_EQ(one.long_segments[0].chunks, 1);
  EXPECT_EQ(one.partials, 0);
  EXPECT_EQ(one.counters, 0);
  // S = 64: two segments of means (32 + 128) / 64 = 2.5 and (320 + 1280) / 64
  // = 25; the second is long all the same, by its longest row (60 >= 40).
  const SuraaLayout wide = suraa_build_layout(m.view(), suraa_with(64, 4, 40, 32, 64));
  EXPECT_EQ(wide.segments, 2);
  EXPECT_EQ(wide.group_begin, (std::array<std::int64_t, 4>{0, 64, 64, 128}));
  EXPECT_EQ(wide.slice_at, (std::vector<std::int64_t>{0, 32, 32 + 6 * 32}));  // widths 1 and 6
  ASSERT_EQ(wide.long_segments.size(), 1u);
  EXPECT_EQ(wide.long_segments[0].first, 64);
  EXPECT_EQ(wide.long_segments[0].rows, 64);
  // With a long limit above 60 it is medium.
  const SuraaLayout wide_medium = suraa_build_layout(m.view(), suraa_with(64, 4, 61, 32, 64));
  EXPECT_EQ(wide_medium.group_begin, (std::array<std::int64_t, 4>{0, 64, 128, 128}));
  EXPECT_TRUE(wide_medium.long_segments.empty());
}

TEST(SuraaLayout, OneRowLengthIsOneGroup) {
  const auto m = test::csr_of_lengths<double, std::int32_t>(std::vector<std::int64_t>(200, 7), 300, 3);
  // S = ceil(200 / 32) * 32 = 224: one segment of mean 7.
  const std::pair<SuraaParams, SuraaGroup> cases[] = {{SuraaParams{}, SuraaGroup::short_rows},
                                                      {suraa_with(0, 4, 100, 32, 64), SuraaGroup::medium_rows},
                                                      {suraa_with(0, 2, 7, 32, 64), SuraaGroup::long_rows}};
  for (const auto& [p, group] : cases) {
    SCOPED_TRACE(describe(p));
    const SuraaLayout l = suraa_build_layout(m.view(), p);
    EXPECT_EQ(l.segment_rows, 224);
    EXPECT_EQ(l.segments, 1);
    for (int g = 0; g < kSuraaGroups; ++g) {
      EXPECT_EQ(l.rows(SuraaGroup(g)), SuraaGroup(g) == group ? 200 : 0) << suraa_group_name(SuraaGroup(g));
      EXPECT_EQ(l.group_entries[std::size_t(g)], SuraaGroup(g) == group ? 1400 : 0);
    }
    std::vector<std::int64_t> identity(200);
    std::iota(identity.begin(), identity.end(), std::int64_t(0));
    EXPECT_EQ(std::vector<std::int64_t>(l.order.begin(), l.order.end()), identity);  // stable: nothing moves
    EXPECT_EQ(l.sliced_entries(), group == SuraaGroup::short_rows ? 7 * 7 * 32 : 0);  // 7 slices of 7 x 32
    EXPECT_EQ(l.csr_entries(), group == SuraaGroup::short_rows ? 0 : 1400);
    EXPECT_EQ(l.long_segments.size(), group == SuraaGroup::long_rows ? 1u : 0u);
    EXPECT_EQ(l.partials, 0);  // 7 entries: one chunk
    check_layout(m.view(), p);
  }
  // No entries at all: short whatever the limits (mean 0 < short_limit >= 1).
  const auto empty = test::csr_of_lengths<float, std::int64_t>(std::vector<std::int64_t>(70, 0), 10, 4);
  for (const SuraaParams& p : kParamSets) {
    const SuraaLayout l = suraa_build_layout(empty.view(), p);
    EXPECT_EQ(l.rows(SuraaGroup::short_rows), 70) << describe(p);
    EXPECT_EQ(l.sliced_entries(), 0) << describe(p);
    check_layout(empty.view(), p);
  }
}

TEST(SuraaLayout, EdgeCases) {
  for (const RandomShape& s : {RandomShape{0, 0, 0, 0, 0, 3}, RandomShape{1, 1, 1, 0, 0, 4},
                               RandomShape{1, 20000, 1, 0, 0, 5}, RandomShape{5, 0, 0, 0, 0, 6},
                               RandomShape{64, 3000, 0.01, 0.2, 1, 7}, RandomShape{1000, 2, 0.5, 0, 0, 8}}) {
    const auto m = test::random_csr<double, std::int32_t>(s);
    for (const SuraaParams& p : kParamSets) check_layout(m.view(), p);
  }
  const SuraaLayout l = suraa_build_layout(test::random_csr<double, std::int32_t>({0, 0, 0, 0, 0, 3}).view(),
                                           SuraaParams{});
  EXPECT_EQ(l.segment_rows, 32);
  EXPECT_EQ(l.segments, 0);
  EXPECT_EQ(l.slice_at.size(), 1u);
  EXPECT_EQ(l.row_at.size(), 1u);
  EXPECT_TRUE(l.long_segments.empty());
  // One row of 20000: a long segment of ceil(20000 / 32) = 625 chunks.
  const auto one = test::random_csr<double, std::int32_t>({1, 20000, 1, 0, 0, 5});
  const SuraaLayout r = suraa_build_layout(one.view(), suraa_with(32, 1, 1, 32, 64));
  ASSERT_EQ(r.long_segments.size(), 1u);
  EXPECT_EQ(r.long_segments[0].rows, 1);
  EXPECT_EQ(r.long_segments[0].chunks, 625);
  EXPECT_EQ(r.partials, 625);
  EXPECT_EQ(r.counters, 1);
}

// The counting sort walks four runs of rows side by side, each with counters
// of its own: for every row count from 0 to 81 (runs of unequal size, fewer
// rows than runs) and rows up to 3, 64 and 300 long, the order is
// std::stable_sort's and the lengths are the sorted row lengths.
TEST(SuraaLayout, TheCountingSortIsTheStableSortForEveryRowCount) {
  for (std::int64_t n = 0; n <= 81; ++n)
    for (std::int64_t longest : {3, 64, 300}) {
      std::vector<std::int64_t> lengths(static_cast<std::size_t>(n));
      for (std::int64_t r = 0; r < n; ++r) lengths[std::size_t(r)] = (r * 7919 + n * 31) % (longest + 1);
      if (n > 2) lengths[std::size_t(n / 2)] = longest;
      const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, longest + 1, std::uint64_t(n));
      const SuraaLayout l = suraa_build_layout(m.view(), SuraaParams{});
      std::vector<std::int64_t> expect(static_cast<std::size_t>(n));
      std::iota(expect.begin(), expect.end(), std::int64_t(0));
      std::stable_sort(expect.begin(), expect.end(), [&](std::int64_t a, std::int64_t b) {
        return lengths[std::size_t(a)] < lengths[std::size_t(b)];
      });
      ASSERT_EQ(std::vector<std::int64_t>(l.order.begin(), l.order.end()), expect) << n << " rows up to " << longest;
      for (std::int64_t k = 0; k < n; ++k)
        ASSERT_EQ(l.lengths[std::size_t(k)], lengths[std::size_t(expect[std::size_t(k)])]) << n << " rows, " << k;
    }
}

// Windows only from one_launch_max_entries nonzeros on: a smaller matrix stays
// in L2, and its short group is sorted as one, the default window or not.
TEST(SuraaLayout, TheWindowsAreMadeOnlyFromOneLaunchMaxEntries) {
  std::vector<std::int64_t> lengths(5000);
  for (std::size_t r = 0; r < lengths.size(); ++r) lengths[r] = std::int64_t(r * 7919 % 9);
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 5000, 21);
  SuraaParams p;  // sort_window 1024, one_launch_max_entries 1M
  ASSERT_EQ(p.sort_window, 1024);
  const SuraaLayout small = suraa_build_layout(m.view(), p);
  EXPECT_EQ(small.sort_window, 0);
  SuraaParams one = p;
  one.sort_window = 0;
  const SuraaLayout as_one = suraa_build_layout(m.view(), one);
  EXPECT_EQ(std::vector<std::int64_t>(small.order.begin(), small.order.end()),
            std::vector<std::int64_t>(as_one.order.begin(), as_one.order.end()));
  SuraaHostFormat<double, std::int32_t> f(p);
  f.build(m.view());
  EXPECT_EQ(f.describe()[0].find("windows"), std::string::npos) << f.describe()[0];
  // The same matrix counted as large: windows of 1024.
  p.one_launch_max_entries = m.view().nnz();
  const SuraaLayout large = suraa_build_layout(m.view(), p);
  ASSERT_GT(large.rows(SuraaGroup::short_rows), 1024);
  EXPECT_EQ(large.sort_window, 1024);
  check_layout(m.view(), p);
}

// From 2 x 2^15 rows on, both sorts run on the machine's threads (with one
// hardware thread they stay on one): the order is std::stable_sort's, rows
// longer than 2^12 included (ties among them too), and the short group's
// windows keep their invariants (check_layout).
TEST(SuraaLayout, TheSortsOnThreadsAreTheStableSort) {
  const std::int64_t n = 300000;
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(n));
  for (std::int64_t r = 0; r < n; ++r) lengths[std::size_t(r)] = (r * 7919) % 9;
  for (std::int64_t r = 1000; r < n; r += 15000) lengths[std::size_t(r)] = 5000 + (r / 15000) % 3 * 2000;
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 10000, 17);
  SuraaParams one;
  one.sort_window = 0;
  const SuraaLayout l = suraa_build_layout(m.view(), one);
  std::vector<std::int64_t> expect(static_cast<std::size_t>(n));
  std::iota(expect.begin(), expect.end(), std::int64_t(0));
  std::stable_sort(expect.begin(), expect.end(),
                   [&](std::int64_t a, std::int64_t b) { return lengths[std::size_t(a)] < lengths[std::size_t(b)]; });
  ASSERT_EQ(std::vector<std::int64_t>(l.order.begin(), l.order.end()), expect);
  for (std::int64_t k = 0; k < n; ++k)
    ASSERT_EQ(l.lengths[std::size_t(k)], lengths[std::size_t(expect[std::size_t(k)])]) << k;
  check_layout(m.view(), SuraaParams{});
}

// A row longer than both the row count and 2^12: the builder's comparison
// sort instead of its counting sort, stable all the same.
TEST(SuraaLayout, AVeryLongRowTakesTheComparisonSortStableAllTheSame) {
  const std::int64_t huge = (std::int64_t(1) << 20) + 3;
  std::vector<std::int64_t> lengths(3000);
  for (std::size_t r = 0; r < lengths.size(); ++r) lengths[r] = std::int64_t(r * 7 % 5);
  lengths[1234] = huge;
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, huge, 9);
  for (const SuraaParams& p : {SuraaParams{}, suraa_with(32, 2, 8, 4096, 256)}) {
    check_layout(m.view(), p);
    const SuraaLayout l = suraa_build_layout(m.view(), p);
    EXPECT_EQ(l.order.back(), 1234);
    EXPECT_EQ(l.long_segments.back().chunks, ceil_div(huge, l.limits.block_entries));
  }
  SuraaHostFormat<double, std::int32_t> f(suraa_with(32, 2, 8, 4096, 256));
  f.build(m.view());
  const auto x = test::random_vector<double>(std::size_t(huge), 1);
  std::vector<double> got(3000), expect(3000);
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  f.apply(Op::plain, 1.0, x.data(), 0.0, got.data());
  test::expect_close(got, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
}

// ---- the host kernel ----------------------------------------------------------

template <class P>
class SuraaReference : public ::testing::Test {
 protected:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // Within the error bound of csr_reference_apply; the short group's rows
  // (a thread per row in column order) the same bits where CSR does the
  // same operations (alpha 1, beta 0); beta == 0 never reads y; the
  // transpose is csr_reference_apply's.
  void check(const OwnedCsr<V, I>& m, const SuraaParams& p, std::uint64_t seed) {
    SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
    SuraaHostFormat<V, I> f(p);
    f.build(m.view());
    const SuraaLayout& l = f.layout();
    const auto x = test::random_vector<V>(std::size_t(m.cols), seed);
    const auto y0 = test::random_vector<V>(std::size_t(m.rows), seed + 1);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}, {0, 2}}) {
      SCOPED_TRACE("alpha " + test::to_text(alpha) + " beta " + test::to_text(beta));
      std::vector<V> expect = y0, got = y0;
      if (beta == V(0)) got.assign(got.size(), test::nan<V>());  // never read
      csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
      f.apply(Op::plain, alpha, x.data(), beta, got.data());
      test::expect_close(got, expect, 2 * test::error_bound(m.view(), false, alpha, x, beta, y0));
      if (alpha == V(1) && beta == V(0))
        for (std::int64_t k = l.group_begin[0]; k < l.group_begin[1]; ++k) {
          const std::size_t row = std::size_t(l.order[std::size_t(k)]);
          ASSERT_EQ(0, std::memcmp(&got[row], &expect[row], sizeof(V))) << "short row " << row;
        }
    }
    // The transpose: the CSR reference, as the core's cuSPARSE fallback.
    const auto xt = test::random_vector<V>(std::size_t(m.rows), seed + 2);
    for (auto [alpha, beta] : {std::pair<V, V>{2, 1}, {1, 0}}) {
      std::vector<V> expect(std::size_t(m.cols), V(1)), got = expect;
      if (beta == V(0)) got.assign(got.size(), test::nan<V>());
      csr_reference_apply(m.view(), Op::transpose, alpha, xt.data(), beta, expect.data());
      f.apply(Op::transpose, alpha, xt.data(), beta, got.data());
      EXPECT_EQ(got, expect);
    }
  }

  void check_all_params(const OwnedCsr<V, I>& m, std::uint64_t seed) {
    for (const SuraaParams& p : kParamSets) check(m, p, seed);
  }

  // Small integers: every order of the additions gives the exact sum, so the
  // host kernel must give CSR's bits in every group.
  void check_exact(OwnedCsr<V, I> m, std::uint64_t seed) {
    const auto product = test::small_integer_product(std::move(m), seed);
    for (const SuraaParams& p : kParamSets) {
      SCOPED_TRACE(describe(p) + ", " + std::to_string(product.m.rows) + "x" + std::to_string(product.m.cols));
      SuraaHostFormat<V, I> f(p);
      f.build(product.m.view());
      test::expect_csr_bits(f, product);
    }
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(SuraaReference, TypePairs);

TYPED_TEST(SuraaReference, PowerLawCircuitLongRowAndRandomMatrices) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  std::uint64_t seed = 100;
  for (const auto& m : irregular_matrices<V, I>()) this->check_all_params(m, ++seed);
  this->check_all_params(hand_built_matrix<V, I>(), ++seed);
}

TYPED_TEST(SuraaReference, IntegerValuesGiveCsrsExactResultInEveryGroup) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  this->check_exact(test::power_law_csr<V, I>(1500, 1200, 2.0, 1, 1), 1);
  this->check_exact(test::circuit_csr<V, I>(2000, 2100, 5, 1500, 2), 2);
  this->check_exact(test::long_row_csr<V, I>(150, 3000, 100, 2500, 3), 3);
  this->check_exact(test::random_csr<V, I>({1, 20000, 1, 0, 0, 4}), 4);  // one row of 625 chunks of 32
}

TYPED_TEST(SuraaReference, EdgeCases) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  RandomShape s;
  s.rows = s.cols = 0;  // 0 x 0
  this->check_all_params(test::random_csr<V, I>(s), 3);
  s.rows = s.cols = 1;  // 1 x 1
  s.density = 1;
  this->check_all_params(test::random_csr<V, I>(s), 4);
  // All rows of one length.
  this->check_all_params(test::csr_of_lengths<V, I>(std::vector<std::int64_t>(300, 9), 50, 5), 5);
  this->check_all_params(test::csr_of_lengths<V, I>(std::vector<std::int64_t>(300, 40), 50, 6), 6);
  // All rows empty but one.
  std::vector<std::int64_t> lengths(100, 0);
  lengths[37] = 40;
  this->check_all_params(test::csr_of_lengths<V, I>(lengths, 64, 7), 7);
  lengths[37] = 0;  // all empty
  this->check_all_params(test::csr_of_lengths<V, I>(lengths, 64, 8), 8);
  // One dense row of 3000 among sparse and empty ones.
  this->check_all_params(test::random_csr<V, I>({64, 3000, 0.01, 0.2, 1, 9}), 9);
  // A single row of 20000.
  this->check_all_params(test::random_csr<V, I>({1, 20000, 1, 0, 0, 10}), 10);
  // Rectangular: more columns than rows, fewer, none.
  this->check_all_params(test::power_law_csr<V, I>(50, 5000, 1.5, 2, 11), 11);
  this->check_all_params(test::random_csr<V, I>({1000, 2, 0.5, 0, 0, 12}), 12);
  this->check_all_params(test::random_csr<V, I>({5, 0, 0, 0, 0, 13}), 13);
}

TYPED_TEST(SuraaReference, NanAndInfPropagateAsInCsrAndBetaZeroIgnoresY) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const V nan = test::nan<V>(), inf = test::inf<V>();
  auto m = test::circuit_csr<V, I>(2000, 2100, 5, 1500, 2);
  const SuraaParams p = suraa_with(0, 4, 24, 32, 64);
  SuraaHostFormat<V, I> f(p);
  f.build(m.view());
  const SuraaLayout& l = f.layout();
  // A row of each group, and a long row of several chunks (its last chunk).
  const std::int64_t short_row = test::first_sorted_row(l, l.group_begin[0], l.group_begin[1], 1);
  const std::int64_t medium_row = test::first_sorted_row(l, l.group_begin[1], l.group_begin[2], 1);
  const std::int64_t long_row = test::first_sorted_row(l, l.group_begin[2], l.group_begin[3], 3 * p.block_entries);
  const std::int64_t other_long = l.order.back();
  ASSERT_GE(short_row, 0);
  ASSERT_GE(medium_row, 0);
  ASSERT_GE(long_row, 0);
  ASSERT_NE(other_long, long_row);
  m.values[std::size_t(m.row_ptr[std::size_t(short_row)])] = inf;
  m.values[std::size_t(m.row_ptr[std::size_t(medium_row)])] = nan;
  m.values[std::size_t(m.row_ptr[std::size_t(long_row) + 1]) - 1] = nan;  // its last chunk
  m.values[std::size_t(m.row_ptr[std::size_t(other_long)])] = -inf;
  f.refill(m.view());
  const auto x = test::random_vector<V>(std::size_t(m.cols), 3);
  const auto y0 = test::random_vector<V>(std::size_t(m.rows), 4);
  for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(-1.5), V(0.25)}}) {
    std::vector<V> expect = y0, got(y0.size(), nan);
    if (beta != V(0)) got = y0;
    csr_reference_apply(m.view(), Op::plain, alpha, x.data(), beta, expect.data());
    f.apply(Op::plain, alpha, x.data(), beta, got.data());
    for (const std::int64_t r : {short_row, other_long}) EXPECT_TRUE(test::is_inf(got[std::size_t(r)])) << r;
    for (const std::int64_t r : {medium_row, long_row}) EXPECT_TRUE(test::is_nan(got[std::size_t(r)])) << r;
    const double bound = 2 * test::error_bound(m.view(), false, alpha, x, beta, y0);
    for (std::size_t r = 0; r < got.size(); ++r) {
      ASSERT_EQ(test::is_nan(got[r]), test::is_nan(expect[r])) << "row " << r;
      if (test::is_inf(expect[r])) {
        ASSERT_EQ(got[r], expect[r]) << "row " << r;  // the same sign
      } else if (!test::is_nan(expect[r])) {
        ASSERT_TRUE(test::is_finite(got[r])) << "row " << r;
        ASSERT_LE(test::distance(got[r], expect[r]), bound) << "row " << r;
      }
    }
  }
}

TYPED_TEST(SuraaReference, RefillTakesTheNewValuesAtTheirNewAddress) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const auto m = test::power_law_csr<V, I>(1500, 1200, 2.0, 1, 1);
  SuraaHostFormat<V, I> f(kParamSets[1]);
  f.build(m.view());
  const SuraaLayout before = f.layout();
  auto n = m;  // the same pattern, other values elsewhere
  for (auto& v : n.values) v = V(2) * v + V(1);
  f.refill(n.view());
  EXPECT_EQ(f.csr().values, n.values.data());
  EXPECT_EQ(f.layout().order, before.order);
  EXPECT_EQ(f.layout().slice_at, before.slice_at);
  EXPECT_EQ(f.layout().row_at, before.row_at);
  const auto x = test::random_vector<V>(std::size_t(n.cols), 5);
  std::vector<V> got(std::size_t(n.rows)), expect(got.size());
  csr_reference_apply(n.view(), Op::plain, V(1), x.data(), V(0), expect.data());
  f.apply(Op::plain, V(1), x.data(), V(0), got.data());
  test::expect_close(got, expect, 2 * test::error_bound(n.view(), false, V(1), x, V(0), expect));
}

// ---- what the format says of itself ---------------------------------------------

TEST(SuraaHostFormat, CapabilitiesBytesAndDescription) {
  const auto m = test::power_law_csr<double, std::int32_t>(1500, 1200, 2.0, 1, 1);
  SuraaHostFormat<double, std::int32_t> f(kParamSets[1]);  // the rule, host launches, streams
  f.build(m.view());
  const Capabilities c = f.capabilities();
  EXPECT_FALSE(c.transpose);  // the core's fallback
  EXPECT_TRUE(c.row_map);
  EXPECT_FALSE(c.row_ranges);
  const SuraaLayout& l = f.layout();
  // Without arrays sent during the analysis, the upload sends the CSR arrays too.
  EXPECT_EQ(f.device_bytes_needed(),
            l.device_bytes(sizeof(double), sizeof(std::int32_t)) + detail::csr_array_bytes(m.view()));
  EXPECT_GE(f.extra_host_bytes(), (l.order.size() + l.lengths.size()) * sizeof(std::int64_t));

  std::vector<std::string> lines = f.describe();
  ASSERT_EQ(lines.size(), 4u);
  const auto has = [](const std::string& line, const std::string& part) {
    EXPECT_NE(line.find(part), std::string::npos) << "\"" << part << "\" not in: " << line;
  };
  has(lines[0], "segments of " + std::to_string(l.segment_rows) + " sorted rows (Freedman-Diaconis)");
  has(lines[0], std::to_string(l.segments) + " segments");
  for (int g = 0; g < kSuraaGroups; ++g)
    has(lines[1], std::string(suraa_group_name(SuraaGroup(g))) + " " + std::to_string(l.rows(SuraaGroup(g))) + " rows");
  has(lines[2], "3 streams, one per group");
  has(lines[2], std::to_string(l.long_segments.size()) + " long segments launched from the host");
  has(lines[3], "bytes per nonzero");
  has(lines[3], "padding");

  // Set S, one stream, device launches.
  SuraaHostFormat<double, std::int32_t> g(kParamSets[2]);
  g.build(m.view());
  lines = g.describe();
  ASSERT_EQ(lines.size(), 4u);
  has(lines[0], "segments of 32 sorted rows (as set)");
  has(lines[2], "the caller's stream");
  has(lines[2], "launched from the device");
  EXPECT_EQ(lines[0].find("windows"), std::string::npos) << lines[0];
  // Short rows sorted within windows of 32.
  const SuraaParams windows = kParamSets[std::size(kParamSets) - 2];
  ASSERT_EQ(windows.sort_window, 32);
  SuraaHostFormat<double, std::int32_t> w(windows);
  w.build(m.view());
  ASSERT_GT(w.layout().rows(SuraaGroup::short_rows), 32);
  has(w.describe()[0], "the short rows sorted again within windows of 32");
  // Streams wanted but one group only: nothing to overlap.
  SuraaHostFormat<double, std::int32_t> h{SuraaParams{}};
  const auto same = test::csr_of_lengths<double, std::int32_t>(std::vector<std::int64_t>(200, 7), 300, 3);
  h.build(same.view());
  lines = h.describe();
  ASSERT_EQ(lines.size(), 4u);
  has(lines[1], "short 200 rows of mean length 7.0");
  has(lines[1], "medium 0 rows");
  has(lines[1], "long 0 rows");
  has(lines[2], "stream");
  EXPECT_EQ(lines[2].find("streams, one per group"), std::string::npos) << lines[2];
  // A small matrix with the defaults: one launch, the limits for its size.
  has(lines[2], "every group in one launch (fewer than 1000000 nonzeros)");
  has(lines[1], "short below a mean of 16, long from 512, 2048 entries a long block");
}

// A segment of short rows on average but with one row of kSuraaShortLongest *
// short_limit entries or more is medium: no thread walks such a row alone.
TEST(SuraaLayout, ALongRowInAShortSegmentMakesItMedium) {
  std::vector<std::int64_t> lengths(64, 2);
  lengths[40] = kSuraaShortLongest * 8;  // short_limit 8: the second segment's mean stays below 8
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 100, 5);
  const SuraaLayout l = suraa_build_layout(m.view(), suraa_with(32, 8, 1000, 64, 64));
  EXPECT_EQ(l.group_begin, (std::array<std::int64_t, 4>{0, 32, 64, 64}));
  lengths[40] = kSuraaShortLongest * 8 - 1;  // one entry less: short
  const auto n = test::csr_of_lengths<double, std::int32_t>(lengths, 100, 5);
  EXPECT_EQ(suraa_build_layout(n.view(), suraa_with(32, 8, 1000, 64, 64)).group_begin,
            (std::array<std::int64_t, 4>{0, 64, 64, 64}));
}

// Streams of their own only for a matrix of streams_min_entries nonzeros or
// more with more than one group of rows.
TEST(SuraaHostFormat, GroupStreamsForLargeMatricesOfSeveralGroups) {
  SuraaLayout l;
  l.entries = 1000;
  l.group_begin = {0, 10, 10, 12};  // short and long
  SuraaParams p;
  p.streams_min_entries = 1000;
  EXPECT_TRUE(suraa_group_streams(p, l));
  p.streams_min_entries = 1001;
  EXPECT_FALSE(suraa_group_streams(p, l));
  p.streams_min_entries = 0;
  p.streams = false;
  EXPECT_FALSE(suraa_group_streams(p, l));
  p.streams = true;
  l.group_begin = {0, 0, 12, 12};  // medium only
  EXPECT_FALSE(suraa_group_streams(p, l));
  EXPECT_EQ(SuraaParams{}.streams_min_entries, 1000000);
}

// The limits: by size where 0 (below one_launch_max_entries those of one
// launch), as set where not, and a default never crossing the limit set.
TEST(SuraaParams, LimitsByTheMatrixSize) {
  const auto same = [](const SuraaLimits& a, const SuraaLimits& b) {
    return a.short_limit == b.short_limit && a.long_limit == b.long_limit && a.block_entries == b.block_entries;
  };
  SuraaParams p;
  EXPECT_TRUE(same(suraa_limits(p, 0), {16, 512, 2048}));
  EXPECT_TRUE(same(suraa_limits(p, 999999), {16, 512, 2048}));
  EXPECT_TRUE(same(suraa_limits(p, 1000000), {64, 2048, 8192}));
  p.one_launch_max_entries = 0;
  EXPECT_TRUE(same(suraa_limits(p, 0), {64, 2048, 8192}));
  p = suraa_with(0, 8, 0, 0, 256, SuraaLaunch::automatic, true, true);
  EXPECT_TRUE(same(suraa_limits(p, 10), {8, 512, 2048}));
  p = suraa_with(0, 1000, 0, 100, 256, SuraaLaunch::automatic, true, true);
  EXPECT_TRUE(same(suraa_limits(p, 10), {1000, 1000, 100}));  // long never below short
  p = suraa_with(0, 0, 10, 0, 256);
  EXPECT_TRUE(same(suraa_limits(p, 10), {10, 10, 8192}));  // short never above long
  // The layout keeps those it was built with.
  const auto m = test::circuit_csr<double, std::int32_t>(3000, 3000, 5, 2000, 4);
  EXPECT_TRUE(same(suraa_build_layout(m.view(), SuraaParams{}).limits, {16, 512, 2048}));
}

// A hand-computed medium block: rows of 3, 9, 40 and 200 entries.
TEST(SuraaLayout, MediumBlocksSizedToTheirLongestRow) {
  std::vector<std::int64_t> lengths(128, 3);
  lengths.insert(lengths.end(), 64, 9);
  lengths.insert(lengths.end(), 16, 40);
  lengths.insert(lengths.end(), 2, 200);
  const auto block = [&](std::int64_t first, std::int64_t end) {
    const SuraaMediumBlock m = suraa_medium_block(lengths, first, end);
    EXPECT_EQ(m.first, first);
    return std::pair<int, int>{m.rows, m.lanes};
  };
  EXPECT_EQ(block(0, 128), (std::pair<int, int>{128, 2}));    // 3 <= 2 x 4
  EXPECT_EQ(block(64, 192), (std::pair<int, int>{64, 4}));    // 128 rows of 2 lanes reach a 9
  EXPECT_EQ(block(128, 192), (std::pair<int, int>{64, 4}));   // 9 <= 4 x 4
  EXPECT_EQ(block(160, 210), (std::pair<int, int>{32, 8}));   // the 50 rows to the end reach a 200
  EXPECT_EQ(block(180, 210), (std::pair<int, int>{16, 16}));  // 8 lanes: the 30 rows reach a 200; 16: a 40
  EXPECT_EQ(block(192, 208), (std::pair<int, int>{16, 16}));  // 40 <= 16 x 4
  EXPECT_EQ(block(208, 210), (std::pair<int, int>{2, 32}));   // none does: 32
  EXPECT_EQ(block(209, 210), (std::pair<int, int>{1, 32}));
}

// One launch for every group: fewer than one_launch_max_entries nonzeros,
// long grids (if any) the host would launch, long blocks of 256 threads.
TEST(SuraaHostFormat, OneLaunchForSmallMatricesWhoseLongGridsTheHostWouldLaunch) {
  SuraaLayout l;
  l.entries = 999;
  SuraaParams p;
  p.one_launch_max_entries = 1000;
  EXPECT_TRUE(suraa_one_launch(p, l));
  l.entries = 1000;
  EXPECT_FALSE(suraa_one_launch(p, l));
  l.entries = 999;
  l.long_segments.assign(7, SuraaLongSegment{0, 32, 1, 0, 0});
  EXPECT_TRUE(suraa_one_launch(p, l));  // auto: the host launches 7
  p.long_threads = 128;
  EXPECT_FALSE(suraa_one_launch(p, l));
  p.long_threads = kSuraaBlockThreads;
  p.long_launch = SuraaLaunch::device;
  EXPECT_FALSE(suraa_one_launch(p, l));
  l.long_segments.clear();
  EXPECT_TRUE(suraa_one_launch(p, l));  // nothing to launch from the device
  l.long_segments.assign(8, SuraaLongSegment{0, 32, 1, 0, 0});
  p.long_launch = SuraaLaunch::automatic;
  EXPECT_FALSE(suraa_one_launch(p, l));  // auto: the device launches 8
  p.long_launch = SuraaLaunch::host;
  EXPECT_TRUE(suraa_one_launch(p, l));
}

// auto: the long grids from the device for many long segments, from the host
// for few; device and host as set whatever the count.
TEST(SuraaHostFormat, AutomaticLaunchTakesTheDeviceForManyLongSegments) {
  SuraaLayout l;
  SuraaParams p;
  ASSERT_EQ(p.long_launch, SuraaLaunch::automatic);
  for (std::size_t segments : {std::size_t(0), std::size_t(1), std::size_t(7), std::size_t(8), std::size_t(100)}) {
    l.long_segments.assign(segments, SuraaLongSegment{0, 32, 1, 0, 0});
    p.long_launch = SuraaLaunch::automatic;
    EXPECT_EQ(suraa_long_from_device(p, l), segments >= 8) << segments << " long segments";
    p.long_launch = SuraaLaunch::device;
    EXPECT_TRUE(suraa_long_from_device(p, l));
    p.long_launch = SuraaLaunch::host;
    EXPECT_FALSE(suraa_long_from_device(p, l));
  }
}

}  // namespace
}  // namespace aijadaptive
