// Format suraa's parameters for its tests (set in one call, named in a trace
// line), and rows picked from its layout.
#pragma once

#include <aijadaptive/formats/suraa.hpp>

#include <cstdint>
#include <string>

namespace aijadaptive::test {

// Streams of their own even for the tests' small matrices (streams_min_entries
// 0), and a launch per group unless `one_launch` (then every matrix is small
// enough for one launch: one_launch_max_entries 2^62).
inline SuraaParams suraa_with(std::int64_t segment_rows, std::int64_t short_limit, std::int64_t long_limit,
                              std::int64_t block_entries, int long_threads, SuraaLaunch launch = SuraaLaunch::device,
                              bool streams = true, bool one_launch = false, std::int64_t sort_window = 0) {
  SuraaParams p;
  p.segment_rows = segment_rows;
  p.short_limit = short_limit;
  p.long_limit = long_limit;
  p.block_entries = block_entries;
  p.long_threads = long_threads;
  p.long_launch = launch;
  p.streams = streams;
  p.streams_min_entries = 0;
  p.one_launch_max_entries = one_launch ? std::int64_t(1) << 62 : 0;
  p.sort_window = sort_window;
  return p;
}

inline std::string describe(const SuraaParams& p) {
  const char* launch = p.long_launch == SuraaLaunch::host     ? ", host launch"
                       : p.long_launch == SuraaLaunch::device ? ", device launch"
                                                              : ", auto launch";
  return "S " + std::to_string(p.segment_rows) + ", short < " + std::to_string(p.short_limit) + ", long >= " +
         std::to_string(p.long_limit) + ", block_entries " + std::to_string(p.block_entries) + ", long_threads " +
         std::to_string(p.long_threads) + launch + (p.streams ? ", streams" : ", one stream") +
         ", one launch below " + std::to_string(p.one_launch_max_entries) + " nonzeros" +
         (p.sort_window ? ", short rows sorted within windows of " + std::to_string(p.sort_window) : "");
}

// The row at the first of the sorted positions [begin, end) whose row has at
// least `at_least` entries, or -1 (a row of a given group: its begin and end).
inline std::int64_t first_sorted_row(const SuraaLayout& l, std::int64_t begin, std::int64_t end,
                                     std::int64_t at_least) {
  for (std::int64_t k = begin; k < end; ++k)
    if (l.lengths[std::size_t(k)] >= at_least) return l.order[std::size_t(k)];
  return -1;
}

}  // namespace aijadaptive::test
