// Format suraa's parameters for its tests: set in one call, and named in a
// trace line.
#pragma once

#include <aijadaptive/formats/suraa.hpp>

#include <cstdint>
#include <string>

namespace aijadaptive::test {

// Streams of their own even for the tests' small matrices (streams_min_entries 0).
inline SuraaParams suraa_with(std::int64_t segment_rows, std::int64_t short_limit, std::int64_t long_limit,
                              std::int64_t block_entries, int long_threads, SuraaLaunch launch = SuraaLaunch::device,
                              bool streams = true) {
  SuraaParams p;
  p.segment_rows = segment_rows;
  p.short_limit = short_limit;
  p.long_limit = long_limit;
  p.block_entries = block_entries;
  p.long_threads = long_threads;
  p.long_launch = launch;
  p.streams = streams;
  p.streams_min_entries = 0;
  return p;
}

inline std::string describe(const SuraaParams& p) {
  const char* launch = p.long_launch == SuraaLaunch::host     ? ", host launch"
                       : p.long_launch == SuraaLaunch::device ? ", device launch"
                                                              : ", auto launch";
  return "S " + std::to_string(p.segment_rows) + ", short < " + std::to_string(p.short_limit) + ", long >= " +
         std::to_string(p.long_limit) + ", block_entries " + std::to_string(p.block_entries) + ", long_threads " +
         std::to_string(p.long_threads) + launch + (p.streams ? ", streams" : ", one stream");
}

}  // namespace aijadaptive::test
