// Host builder of format `suraa`: the rows' sorted order, the segments and
// their groups, and where each row's entries go on the device.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <utility>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/suraa.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/uninitialised_vector.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/row_parts.hpp"
#include "formats/suraa/tuning.hpp"

namespace aijadaptive {

namespace {

const char* const kLaunchChoices[] = {"auto", "device", "host"};  // SuraaLaunch
const char* const kYesNo[] = {"yes", "no"};

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

template <class I>
std::int64_t row_length(const I* row_ptr, std::int64_t i) {
  return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
}

// The rows by length, ascending and stable, into `order` and their lengths
// into `lengths` (sorted position -> row, -> length): a counting sort while
// the longest row is no longer than the larger of the row count and 2^12,
// else a stable comparison sort (a few very long rows would make the counts
// huge); from 2 x kRowsPerSortPart rows on, sort_by_length_on_threads. The
// lengths are read from row_ptr, and `order` is not zeroed before
// the sort writes it: on the host of a mid-sized matrix (10k-100k rows) each
// pass over n entries and each array's first touch is a good part of the
// layout's cost.
//
// The counting sort walks kSortRuns runs of consecutive rows side by side,
// each run with counters of its own: consecutive rows of one length would
// otherwise increment one counter in turn, each increment waiting for the one
// before (a chain of store-to-load latencies, most of the layout's host time).
// Counters ordered by (length, run) keep the sort stable. The longest row
// comes from a pass of its own, which measured faster than growing the
// counters inside the counting loop; more runs or narrower counters gained
// nothing sure (docs/h200-2026-11-29-mid-suraa, calls 2 and 10).
constexpr std::int64_t kSortRuns = 4;

// Rows a thread of the sorts takes at least: a few ns each, against a few us
// to wake a kept thread (run_row_parts). From 2 x 2^17 the H200 machine's
// host set up circuit n=300k in suraa at 3.1-3.4x cuSPARSE's; from 2 x 2^15,
// 2.1-2.2x (docs/h200-2026-11-29-large-setup, call 11).
constexpr std::int64_t kRowsPerSortPart = std::int64_t(1) << 15;

// The lengths the counting sort on several threads counts: the counters of
// every part and run are added up in order, length by length, by one thread.
// Longer rows (at most nnz / 2^12 of them) are sorted by comparison.
constexpr std::int64_t kCountedLengths = std::int64_t(1) << 12;

// f(row, r) for every row of [begin, end) once, the kSortRuns runs of
// consecutive rows side by side (run r: rows begin + [r * run, (r + 1) * run)).
// The last run is the shortest, so the first `full` steps visit a row of
// every run.
template <class F>
void each_row_by_runs(std::int64_t begin, std::int64_t end, F&& f) {
  constexpr std::int64_t R = kSortRuns;
  const std::int64_t n = end - begin, run = ceil_div(n, R), full = n - (R - 1) * run;
  std::int64_t j = 0;
  for (; j < full; ++j)
    for (std::int64_t r = 0; r < R; ++r) f(begin + r * run + j, r);
  for (; j < run; ++j)
    for (std::int64_t r = 0; r < R; ++r)
      if (r * run + j < n) f(begin + r * run + j, r);
}

// sort_by_length from 2 x kRowsPerSortPart rows on: each part of the rows
// counts its rows by (length, run) on a thread of its own, the counts are
// added up by (length, part, run), and each part puts its rows where they
// say. Rows longer than kCountedLengths are gathered in row order, then
// sorted by comparison after the others.
template <class I>
void sort_by_length_on_threads(const I* row_ptr, const std::vector<detail::RowPart>& parts,
                               UninitialisedVector<std::int64_t>& order, std::vector<std::int64_t>& lengths) {
  constexpr std::int64_t R = kSortRuns;
  const auto length = [&](std::int64_t i) { return row_length(row_ptr, i); };
  const std::size_t P = parts.size();
  std::vector<std::int64_t> part_longest(P, 0);
  detail::run_row_parts(P, [&](std::size_t p) {
    std::int64_t longest = 0;
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i) longest = std::max(longest, length(i));
    part_longest[p] = longest;
  });
  const std::int64_t counted = std::min(*std::max_element(part_longest.begin(), part_longest.end()), kCountedLengths);
  std::vector<std::vector<std::int64_t>> at(P);  // per part: [length][run]
  std::vector<std::int64_t> longer(P, 0);        // per part: its rows longer than `counted`
  detail::run_row_parts(P, [&](std::size_t p) {
    std::vector<std::int64_t>& c = at[p];
    c.assign(std::size_t((counted + 1) * R), 0);
    std::int64_t more = 0;
    each_row_by_runs(parts[p].begin, parts[p].end, [&](std::int64_t i, std::int64_t r) {
      const std::int64_t len = length(i);
      if (len > counted)
        ++more;
      else
        ++c[std::size_t(len * R + r)];
    });
    longer[p] = more;
  });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= counted; ++len) {
    const std::int64_t first = position;
    for (std::size_t p = 0; p < P; ++p)
      for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[p][std::size_t(len * R + r)], position);
    lengths.insert(lengths.end(), std::size_t(position - first), len);
  }
  std::vector<std::int64_t> longer_at(P);  // where each part's longer rows go in `long_rows`
  std::int64_t longer_rows = 0;
  for (std::size_t p = 0; p < P; ++p) longer_at[p] = std::exchange(longer_rows, longer_rows + longer[p]);
  std::vector<std::int64_t> long_rows(static_cast<std::size_t>(longer_rows));
  detail::run_row_parts(P, [&](std::size_t p) {
    std::vector<std::int64_t>& c = at[p];
    std::int64_t to_long = longer_at[p];
    each_row_by_runs(parts[p].begin, parts[p].end, [&](std::int64_t i, std::int64_t r) {
      const std::int64_t len = length(i);
      if (len > counted)
        long_rows[std::size_t(to_long++)] = i;
      else
        order[std::size_t(c[std::size_t(len * R + r)]++)] = i;
    });
  });
  // A part's runs left its longer rows out of row order: sorted by (length, row).
  std::sort(long_rows.begin(), long_rows.end(), [&](std::int64_t a, std::int64_t b) {
    const std::int64_t la = length(a), lb = length(b);
    return la < lb || (la == lb && a < b);
  });
  for (const std::int64_t i : long_rows) {
    order[std::size_t(position++)] = i;
    lengths.push_back(length(i));
  }
}

template <class I>
void sort_by_length(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return row_length(row_ptr, i); };
  order.resize(std::size_t(n));
  lengths.clear();
  lengths.reserve(std::size_t(n));  // written once below, not zeroed first
  const std::vector<detail::RowPart> parts = detail::row_parts(n, n, 1, 0, kRowsPerSortPart);
  if (parts.size() > 1) return sort_by_length_on_threads(row_ptr, parts, order, lengths);
  std::int64_t longest = 0;
  for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i));
  if (longest > std::max<std::int64_t>(n, 1 << 12)) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths.push_back(length(order[std::size_t(k)]));
    return;
  }
  constexpr std::int64_t R = kSortRuns;
  std::vector<std::int64_t> at(std::size_t((longest + 1) * R), 0);  // [length][run]
  each_row_by_runs(0, n, [&](std::int64_t i, std::int64_t r) { ++at[std::size_t(length(i) * R + r)]; });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= longest; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    lengths.insert(lengths.end(), std::size_t(position - first), len);
  }
  each_row_by_runs(0, n, [&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}

// The rows of one window (`rows`, in row order) sorted by length into the
// sorted positions from `first` on: a stable counting sort, `at` its counts
// (one per length up to the group's longest).
template <class I>
void sort_window(const I* row_ptr, const std::int64_t* rows, std::int64_t count, std::int64_t first,
                 std::vector<std::int64_t>& at, UninitialisedVector<std::int64_t>& order,
                 std::vector<std::int64_t>& lengths) {
  std::fill(at.begin(), at.end(), 0);
  for (std::int64_t k = 0; k < count; ++k) ++at[std::size_t(row_length(row_ptr, rows[k]))];
  std::int64_t position = first;
  for (std::int64_t& a : at) position += std::exchange(a, position);
  for (std::int64_t k = 0; k < count; ++k) {
    const std::int64_t len = row_length(row_ptr, rows[k]), to = at[std::size_t(len)]++;
    order[std::size_t(to)] = rows[k];
    lengths[std::size_t(to)] = len;
  }
}

// The first `count` sorted rows (the short group) sorted again by length
// within windows of `window` of them taken in row order: a stable counting
// sort per window. Sorted as one, the group holds every row shorter than its
// last row's length L and the first of the rows of length L in row order, so
// one pass over the rows finds the group's rows in row order. From
// 2 x kRowsPerSortPart rows on, the pass runs on several threads: each part of
// the rows counts its rows of the group, then writes them where the counts
// before it say, and the windows are sorted on the threads too (the single
// pass was a third of suraa's host build of a circuit matrix of a million
// rows).
template <class I>
void sort_within_windows(const I* row_ptr, std::int64_t n, std::int64_t count, std::int64_t window,
                         UninitialisedVector<std::int64_t>& order, std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return row_length(row_ptr, i); };
  const std::int64_t longest = lengths[std::size_t(count - 1)];
  const std::int64_t of_longest =
      count - (std::lower_bound(lengths.begin(), lengths.begin() + count, longest) - lengths.begin());
  const std::vector<detail::RowPart> parts = detail::row_parts(n, n, 1, 0, kRowsPerSortPart);
  if (parts.size() == 1) {
    std::vector<std::int64_t> rows, at(std::size_t(longest + 1));  // a window's rows; its counts by length
    rows.reserve(std::size_t(window));
    std::int64_t w0 = 0, longest_left = of_longest;  // the window's first sorted position
    for (std::int64_t i = 0; i < n && w0 + std::int64_t(rows.size()) < count; ++i) {
      const std::int64_t len = length(i);
      if (len > longest || (len == longest && longest_left-- <= 0)) continue;
      rows.push_back(i);
      if (std::int64_t(rows.size()) == window) {
        sort_window(row_ptr, rows.data(), window, w0, at, order, lengths);
        w0 += window;
        rows.clear();
      }
    }
    if (!rows.empty()) sort_window(row_ptr, rows.data(), std::int64_t(rows.size()), w0, at, order, lengths);
    return;
  }
  // Each part's rows shorter than the longest, and of its length.
  std::vector<std::int64_t> shorter(parts.size(), 0), equal(parts.size(), 0);
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    std::int64_t s = 0, e = 0;
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i) {
      const std::int64_t len = length(i);
      s += len < longest;
      e += len == longest;
    }
    shorter[p] = s;
    equal[p] = e;
  });
  // Where each part's rows of the group begin, and how many of its rows of
  // the longest length are in the group (the first of_longest in row order).
  std::vector<std::int64_t> at_part(parts.size()), equal_taken(parts.size());
  std::int64_t position = 0, longest_left = of_longest;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    at_part[p] = position;
    equal_taken[p] = std::min(equal[p], longest_left);
    longest_left -= equal_taken[p];
    position += shorter[p] + equal_taken[p];
  }
  AIJA_REQUIRE(position == count, internal,
               "suraa: " + std::to_string(position) + " rows found in the short group, expected " +
                   std::to_string(count));
  UninitialisedVector<std::int64_t> group;  // the group's rows in row order
  group.resize(std::size_t(count));
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    std::int64_t to = at_part[p], taken = 0;
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i) {
      const std::int64_t len = length(i);
      if (len > longest || (len == longest && taken++ >= equal_taken[p])) continue;
      group[std::size_t(to++)] = i;
    }
  });
  const std::int64_t windows = ceil_div(count, window);
  const std::vector<detail::RowPart> window_parts = detail::row_parts(windows, count, 1, 0, kRowsPerSortPart);
  detail::run_row_parts(window_parts.size(), [&](std::size_t p) {
    std::vector<std::int64_t> at(std::size_t(longest + 1));
    for (std::int64_t w = window_parts[p].begin; w < window_parts[p].end; ++w) {
      const std::int64_t first = w * window;
      sort_window(row_ptr, group.data() + first, std::min(window, count - first), first, at, order, lengths);
    }
  });
}

}  // namespace

const char* suraa_group_name(SuraaGroup group) {
  switch (group) {
    case SuraaGroup::short_rows: return "short";
    case SuraaGroup::medium_rows: return "medium";
    case SuraaGroup::long_rows: return "long";
  }
  return "?";
}

const std::vector<ParamSpec>& suraa_params() {
  using namespace suraa_tuning;
  static const std::vector<ParamSpec> specs = {
      integer_param("segment_rows", "rows per segment of the sorted rows (0: the Freedman-Diaconis rule), a multiple of 32",
                    0, std::int64_t(1) << 40, kSegmentRows, kSuraaSliceRows),
      integer_param("short_limit",
                    "mean row length below which a segment runs a thread per row (0: by the matrix's size)", 0,
                    std::int64_t(1) << 40, 0),
      integer_param("long_limit",
                    "length of a segment's longest row from which it runs blocks per row (0: by the matrix's size)",
                    0, std::int64_t(1) << 40, 0),
      integer_param("block_entries", "entries of a long row one block takes at most, 0 or >= 32 (0: by the matrix's size)",
                    0, std::int64_t(1) << 40, 0),
      integer_param("long_threads", "threads per block of the long group", 64, kSuraaMaxLongThreads, kLongThreads, 32),
      choice_param("long_launch",
                   "the long group's grids launched from the device (dynamic parallelism), the host, or auto (device "
                   "for many long segments)",
                   {kLaunchChoices[0], kLaunchChoices[1], kLaunchChoices[2]}, kLaunchChoices[int(kLongLaunch)]),
      choice_param("streams", "each group's kernel on its own stream (yes) or all on the caller's (no)",
                   {kYesNo[0], kYesNo[1]}, kStreams ? "yes" : "no"),
      integer_param("streams_min_entries", "nonzeros from which the groups run on streams of their own", 0,
                    std::int64_t(1) << 62, kStreamsMinEntries),
      integer_param("one_launch_max_entries", "nonzeros below which all groups run in one launch (0: never)", 0,
                    std::int64_t(1) << 62, kOneLaunchMaxEntries),
      integer_param("sort_window",
                    "short rows sorted by length within windows of this many, a multiple of 32, from "
                    "one_launch_max_entries nonzeros on (0: all together)",
                    0, std::int64_t(1) << 40, kSortWindow, kSuraaSliceRows)};
  return specs;
}

SuraaParams suraa_params(const TuningParams& tuning) {
  const FormatId me = FormatId::suraa;
  SuraaParams p;
  p.segment_rows = tuning.integer(me, "segment_rows");
  p.short_limit = tuning.integer(me, "short_limit");
  p.long_limit = tuning.integer(me, "long_limit");
  p.block_entries = tuning.integer(me, "block_entries");
  p.long_threads = int(tuning.integer(me, "long_threads"));
  const std::string& launch = tuning.choice(me, "long_launch");
  p.long_launch = launch == "host" ? SuraaLaunch::host : launch == "device" ? SuraaLaunch::device : SuraaLaunch::automatic;
  p.streams = tuning.choice(me, "streams") == "yes";
  p.streams_min_entries = tuning.integer(me, "streams_min_entries");
  p.one_launch_max_entries = tuning.integer(me, "one_launch_max_entries");
  p.sort_window = tuning.integer(me, "sort_window");
  suraa_check_params(p);
  return p;
}

void suraa_check_params(const SuraaParams& p) {
  AIJA_REQUIRE(p.segment_rows >= 0 && p.segment_rows % kSuraaSliceRows == 0, invalid_argument,
               "suraa: segment_rows = " + std::to_string(p.segment_rows) + ", expected 0 (the rule) or a multiple of 32");
  AIJA_REQUIRE(p.short_limit >= 0 && p.long_limit >= 0 && (p.long_limit == 0 || p.long_limit >= p.short_limit),
               invalid_argument,
               "suraa: short_limit = " + std::to_string(p.short_limit) + " and long_limit = " +
                   std::to_string(p.long_limit) + ", expected 0 (by size) or 1 <= short_limit <= long_limit");
  AIJA_REQUIRE(p.block_entries == 0 || p.block_entries >= 32, invalid_argument,
               "suraa: block_entries = " + std::to_string(p.block_entries) + ", expected 0 (by size) or >= 32");
  AIJA_REQUIRE(p.streams_min_entries >= 0 && p.one_launch_max_entries >= 0, invalid_argument,
               "suraa: streams_min_entries = " + std::to_string(p.streams_min_entries) +
                   " and one_launch_max_entries = " + std::to_string(p.one_launch_max_entries) + ", expected >= 0");
  AIJA_REQUIRE(p.sort_window >= 0 && p.sort_window % kSuraaSliceRows == 0, invalid_argument,
               "suraa: sort_window = " + std::to_string(p.sort_window) + ", expected 0 (all together) or a multiple of 32");
  AIJA_REQUIRE(p.long_threads >= 64 && p.long_threads <= kSuraaMaxLongThreads && p.long_threads % 32 == 0,
               invalid_argument,
               "suraa: long_threads = " + std::to_string(p.long_threads) + ", expected a multiple of 32 in [64, " +
                   std::to_string(kSuraaMaxLongThreads) + "]");
}

std::int64_t suraa_segment_rows(const std::vector<std::int64_t>& sorted) {
  const std::int64_t n = std::int64_t(sorted.size());
  if (n == 0) return kSuraaSliceRows;
  const auto at = [&](double q) { return double(sorted[std::size_t(std::floor(q * double(n - 1)))]); };
  const double width = std::max(1.0, 2.0 * (at(0.75) - at(0.25)) / std::cbrt(double(n)));
  const auto bins = std::max<std::int64_t>(1, std::int64_t(std::ceil(double(sorted.back() - sorted.front()) / width)));
  return ceil_div(ceil_div(n, bins), kSuraaSliceRows) * kSuraaSliceRows;
}

SuraaLimits suraa_limits(const SuraaParams& p, std::int64_t entries) {
  using namespace suraa_tuning;
  const bool small = suraa_small(p, entries);
  SuraaLimits l{p.short_limit, p.long_limit, p.block_entries};
  // A default never crosses the other limit the user set.
  if (!l.short_limit) {
    l.short_limit = small ? kShortLimitOneLaunch : kShortLimit;
    if (p.long_limit) l.short_limit = std::min(l.short_limit, p.long_limit);
  }
  if (!l.long_limit) l.long_limit = std::max(l.short_limit, small ? kLongLimitOneLaunch : kLongLimit);
  if (!l.block_entries) l.block_entries = small ? kBlockEntriesOneLaunch : kBlockEntries;
  return l;
}

SuraaMediumBlock suraa_medium_block(const std::vector<std::int64_t>& lengths, std::int64_t first, std::int64_t end) {
  std::int64_t lanes = 2, rows = 0;
  for (;; lanes *= 2) {
    rows = std::min<std::int64_t>(kSuraaBlockThreads / lanes, end - first);
    if (lanes == kSuraaSliceRows || lengths[std::size_t(first + rows - 1)] <= lanes * kSuraaEntriesPerLane) break;
  }
  return {first, std::int32_t(rows), std::int32_t(lanes)};
}

bool suraa_one_launch(const SuraaParams& p, const SuraaLayout& l) {
  return suraa_small(p, l.entries) && !(l.long_segments.size() && suraa_long_from_device(p, l)) &&
         (l.long_segments.empty() || p.long_threads == kSuraaBlockThreads);
}

bool suraa_group_streams(const SuraaParams& p, const SuraaLayout& l) {
  return p.streams && l.entries >= p.streams_min_entries && l.groups_with_rows() > 1;
}

bool suraa_long_from_device(const SuraaParams& p, const SuraaLayout& l) {
  if (p.long_launch == SuraaLaunch::automatic)
    return std::int64_t(l.long_segments.size()) >= suraa_tuning::kDeviceLaunchSegments;
  return p.long_launch == SuraaLaunch::device;
}

std::vector<std::int64_t> SuraaLayout::long_starts() const {
  std::vector<std::int64_t> starts{0};
  for (const SuraaLongSegment& s : long_segments) starts.push_back(starts.back() + s.rows * s.chunks);
  return starts;
}

std::size_t SuraaLayout::device_bytes(std::size_t value_bytes, std::size_t index_bytes) const {
  return std::size_t(sliced_entries() + csr_entries()) * (value_bytes + index_bytes) + order.size() * index_bytes +
         (slice_at.size() + row_at.size() + long_segments.size() + 1) * sizeof(std::int64_t) +
         long_segments.size() * sizeof(SuraaLongSegment) +
         medium_blocks.size() * sizeof(SuraaMediumBlock) +
         std::size_t(partials) * value_bytes + std::size_t(counters) * sizeof(unsigned);
}

template <class V, class I>
SuraaLayout suraa_build_layout(const CsrView<V, I>& a, const SuraaParams& p) {
  suraa_check_params(p);
  SuraaLayout l;
  const std::int64_t n = a.rows;
  l.entries = a.nnz();
  sort_by_length(a.row_ptr, n, l.order, l.lengths);

  const std::int64_t S = p.segment_rows ? p.segment_rows : suraa_segment_rows(l.lengths);
  l.segment_rows = S;
  l.limits = suraa_limits(p, l.entries);
  const SuraaLimits& lim = l.limits;
  l.segments = ceil_div(n, S);
  // Segment means ascend with the sorted lengths: each group is a run of segments.
  std::array<std::int64_t, kSuraaGroups + 1>& b = l.group_begin;
  b = {0, n, n, n};
  // (A segment's longest row is its last, and grows with the segment too.)
  // A segment is long by its longest row, not its mean: the medium group
  // gives each row one warp, so one long row among short ones would keep its
  // warp busy long after the grid (docs/h200-2026-11-29-selector-heldout,
  // call 4).
  std::vector<std::int64_t> segment_entries(std::size_t(l.segments));
  for (std::int64_t s = 0; s < l.segments; ++s) {
    const auto first = l.lengths.begin() + s * S;
    segment_entries[std::size_t(s)] = std::accumulate(first, first + std::min(S, n - s * S), std::int64_t(0));
  }
  for (std::int64_t s = l.segments - 1; s >= 0; --s) {
    const std::int64_t first = s * S, end = std::min(n, first + S);
    const double mean = double(segment_entries[std::size_t(s)]) / double(end - first);
    const std::int64_t longest = l.lengths[std::size_t(end - 1)];
    const bool long_segment = longest >= lim.long_limit;
    if (long_segment) b[2] = first;
    if (long_segment || mean >= double(lim.short_limit) || longest >= kSuraaShortLongest * lim.short_limit)
      b[1] = first;
  }
  // Groups begin at segment boundaries.
  for (std::int64_t s = 0; s < l.segments; ++s)
    l.group_entries[std::size_t(s * S >= b[2] ? 2 : s * S >= b[1] ? 1 : 0)] += segment_entries[std::size_t(s)];

  // Under one_launch_max_entries all of it stays in L2: no windows (tuning.hpp).
  if (p.sort_window > 0 && !suraa_small(p, l.entries) && b[1] > p.sort_window) {
    sort_within_windows(a.row_ptr, n, b[1], p.sort_window, l.order, l.lengths);
    l.sort_window = p.sort_window;
  }
  // Short rows: slices of 32, each as wide as its last (longest) row.
  l.slice_at.reserve(std::size_t(ceil_div(b[1], kSuraaSliceRows)) + 1);
  for (std::int64_t first = 0; first < b[1]; first += kSuraaSliceRows) {
    const std::int64_t width = l.lengths[std::size_t(std::min(b[1], first + kSuraaSliceRows) - 1)];
    l.slice_at.push_back(l.slice_at.back() + width * kSuraaSliceRows);
  }
  // Medium and long rows: CSR in sorted order.
  l.row_at.reserve(std::size_t(n - b[1]) + 1);
  for (std::int64_t k = b[1]; k < n; ++k) l.row_at.push_back(l.row_at.back() + l.lengths[std::size_t(k)]);
  // Long segments: a grid each.
  for (std::int64_t first = b[2]; first < n; first += S) {
    SuraaLongSegment s{first, std::min(S, n - first), 0, 0, 0};
    s.chunks = std::max<std::int64_t>(1, ceil_div(l.lengths[std::size_t(first + s.rows - 1)], lim.block_entries));
    if (s.chunks > 1) {
      s.partials_at = l.partials;
      s.counters_at = l.counters;
      l.partials += s.rows * s.chunks;
      l.counters += s.rows;
    }
    l.long_segments.push_back(s);
  }
  // One launch: the medium rows by sub-warps sized to each block's longest row.
  if (suraa_one_launch(p, l))
    for (std::int64_t k = b[1]; k < b[2]; k += l.medium_blocks.back().rows)
      l.medium_blocks.push_back(suraa_medium_block(l.lengths, k, b[2]));
  return l;
}

template <class V, class I>
SuraaHostFormat<V, I>::SuraaHostFormat(const SuraaParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch)
    : params_(params), csr_prefetch_(std::move(csr_prefetch)) {
  suraa_check_params(params_);
}

template <class V, class I>
void SuraaHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
  layout_ = suraa_build_layout(a, params_);
}

// The layout depends on the pattern only; the values are moved on the device.
template <class V, class I>
void SuraaHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::size_t SuraaHostFormat<V, I>::extra_host_bytes() const {
  const SuraaLayout& l = layout_;
  return (l.order.size() + l.lengths.size() + l.slice_at.size() + l.row_at.size()) * sizeof(std::int64_t) +
         l.long_segments.size() * sizeof(SuraaLongSegment) + l.medium_blocks.size() * sizeof(SuraaMediumBlock);
}

// The layout, and the CSR arrays the fill kernel reads (unless the analysis
// sent them already).
template <class V, class I>
std::size_t SuraaHostFormat<V, I>::device_bytes_needed() const {
  return layout_.device_bytes(sizeof(V), sizeof(I)) + csr_source_staging_bytes(a_, csr_prefetch_, true);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> SuraaHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_suraa(*this, stream));
}

template <class V, class I>
std::vector<std::string> SuraaHostFormat<V, I>::describe() const {
  const SuraaLayout& l = layout_;
  std::string groups;
  for (int g = 0; g < kSuraaGroups; ++g) {
    const auto group = SuraaGroup(g);
    char text[120];
    std::snprintf(text, sizeof(text), "%s %lld rows of mean length %.1f", suraa_group_name(group),
                  (long long)l.rows(group), l.mean_length(group));
    groups += (g ? ", " : "") + std::string(text);
  }
  char padding[160];
  const std::int64_t short_entries = l.group_entries[0];
  std::snprintf(padding, sizeof(padding), "%.1f%% of the short group's stored entries padding, %.2f bytes per nonzero (CSR: %.2f)",
                l.sliced_entries() ? 100.0 * double(l.sliced_entries() - short_entries) / double(l.sliced_entries()) : 0.0,
                l.entries ? double(l.device_bytes(sizeof(V), sizeof(I))) / double(l.entries) : 0.0,
                l.entries ? double(detail::csr_array_bytes(a_)) / double(l.entries) : 0.0);
  return {"suraa: segments of " + std::to_string(l.segment_rows) + " sorted rows" +
              (params_.segment_rows ? " (as set)" : " (Freedman-Diaconis)") + ", " + std::to_string(l.segments) +
              " segments" +
              (l.sort_window ? "; the short rows sorted again within windows of " + std::to_string(l.sort_window)
                             : std::string()),
          "suraa: groups " + groups + " (short below a mean of " + std::to_string(l.limits.short_limit) +
              ", long from " + std::to_string(l.limits.long_limit) + ", " + std::to_string(l.limits.block_entries) +
              " entries a long block)",
          "suraa: " + (suraa_one_launch(params_, l)
                           ? "the caller's stream, every group in one launch (fewer than " +
                                 std::to_string(params_.one_launch_max_entries) + " nonzeros)"
                           : (suraa_group_streams(params_, l)
                                  ? std::to_string(l.groups_with_rows()) + " streams, one per group"
                                  : std::string("the caller's stream")) +
                                 "; " + std::to_string(l.long_segments.size()) + " long segments launched from the " +
                                 (suraa_long_from_device(params_, l) ? "device (dynamic parallelism)" : "host")),
          std::string("suraa: ") + padding};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_suraa_host_format(const FormatContext& context) {
  return std::make_unique<SuraaHostFormat<V, I>>(suraa_params(context.params), context.csr_prefetch);
}

#define AIJA_INSTANTIATE(V, I)                                                           \
  template SuraaLayout suraa_build_layout<V, I>(const CsrView<V, I>&, const SuraaParams&); \
  template class SuraaHostFormat<V, I>;                                                  \
  template std::unique_ptr<HostFormat<V, I>> make_suraa_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
