#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <utility>
#include <vector>
#include <string>
#include "aijadaptive/uninitialised_vector.hpp"
#include "generators.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }
constexpr std::int64_t kSortRuns = 4;
template <class I>
void sort_old(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  const std::int64_t count_limit = std::max<std::int64_t>(n, 1 << 20);
  order.resize(std::size_t(n));
  lengths.clear();
  lengths.reserve(std::size_t(n));
  // Rows of each length from index length + 1 (then the first sorted position of each).
  std::vector<std::int64_t> first(64, 0);
  bool counted = true;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t len = length(i);
    if (len + 2 > std::int64_t(first.size())) {
      counted = len <= count_limit;
      if (!counted) break;
      first.resize(std::size_t(std::min(count_limit, std::max(len, 2 * std::int64_t(first.size())))) + 2, 0);
    }
    ++first[std::size_t(len) + 1];
  }
  if (!counted) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths.push_back(length(order[std::size_t(k)]));
    return;
  }
  std::partial_sum(first.begin(), first.end(), first.begin());
  for (std::size_t len = 0; len + 1 < first.size(); ++len)
    lengths.insert(lengths.end(), std::size_t(first[len + 1] - first[len]), std::int64_t(len));
  for (std::int64_t i = 0; i < n; ++i) order[std::size_t(first[std::size_t(length(i))]++)] = i;
}

template <class I>
void sort_prefold(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  order.resize(std::size_t(n));
  lengths.resize(std::size_t(n));
  std::int64_t longest = 0;
  for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i));
  if (longest > std::max<std::int64_t>(n, 1 << 12)) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths[std::size_t(k)] = length(order[std::size_t(k)]);
    return;
  }
  // Run r: rows [r * run, min(n, (r + 1) * run)); the last run is the
  // shortest, so the first `full` steps visit a row of every run.
  constexpr std::int64_t R = kSortRuns;
  const std::int64_t run = ceil_div(n, R), full = n - (R - 1) * run;
  // Visits every row once, f(row, run), the runs side by side.
  const auto each_row = [&](auto&& f) {
    std::int64_t j = 0;
    for (; j < full; ++j)
      for (std::int64_t r = 0; r < R; ++r) f(r * run + j, r);
    for (; j < run; ++j)
      for (std::int64_t r = 0; r < R; ++r)
        if (r * run + j < n) f(r * run + j, r);
  };
  std::vector<std::int64_t> at(std::size_t((longest + 1) * R), 0);  // [length][run]
  each_row([&](std::int64_t i, std::int64_t r) { ++at[std::size_t(length(i) * R + r)]; });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= longest; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    std::fill(lengths.begin() + first, lengths.begin() + position, len);
  }
  each_row([&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}


template <class I>
void sort_r4_32(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  order.resize(std::size_t(n));
  lengths.resize(std::size_t(n));
  std::int64_t longest = 0;
  for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i));
  if (longest > std::max<std::int64_t>(n, 1 << 12)) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths[std::size_t(k)] = length(order[std::size_t(k)]);
    return;
  }
  // Run r: rows [r * run, min(n, (r + 1) * run)); the last run is the
  // shortest, so the first `full` steps visit a row of every run.
  constexpr std::int64_t R = 4;
  const std::int64_t run = ceil_div(n, R), full = n - (R - 1) * run;
  // Visits every row once, f(row, run), the runs side by side.
  const auto each_row = [&](auto&& f) {
    std::int64_t j = 0;
    for (; j < full; ++j)
      for (std::int64_t r = 0; r < R; ++r) f(r * run + j, r);
    for (; j < run; ++j)
      for (std::int64_t r = 0; r < R; ++r)
        if (r * run + j < n) f(r * run + j, r);
  };
  std::vector<std::uint32_t> at(std::size_t((longest + 1) * R), 0);  // [length][run]
  each_row([&](std::int64_t i, std::int64_t r) { ++at[std::size_t(length(i) * R + r)]; });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= longest; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    std::fill(lengths.begin() + first, lengths.begin() + position, len);
  }
  each_row([&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}


template <class I>
void sort_r8_32(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  order.resize(std::size_t(n));
  lengths.resize(std::size_t(n));
  std::int64_t longest = 0;
  for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i));
  if (longest > std::max<std::int64_t>(n, 1 << 12)) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths[std::size_t(k)] = length(order[std::size_t(k)]);
    return;
  }
  // Run r: rows [r * run, min(n, (r + 1) * run)); the last run is the
  // shortest, so the first `full` steps visit a row of every run.
  constexpr std::int64_t R = 8;
  const std::int64_t run = ceil_div(n, R), full = n - (R - 1) * run;
  // Visits every row once, f(row, run), the runs side by side.
  const auto each_row = [&](auto&& f) {
    std::int64_t j = 0;
    for (; j < full; ++j)
      for (std::int64_t r = 0; r < R; ++r) f(r * run + j, r);
    for (; j < run; ++j)
      for (std::int64_t r = 0; r < R; ++r)
        if (r * run + j < n) f(r * run + j, r);
  };
  std::vector<std::uint32_t> at(std::size_t((longest + 1) * R), 0);  // [length][run]
  each_row([&](std::int64_t i, std::int64_t r) { ++at[std::size_t(length(i) * R + r)]; });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= longest; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    std::fill(lengths.begin() + first, lengths.begin() + position, len);
  }
  each_row([&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}


template <class I>
void sort_r8_64(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  order.resize(std::size_t(n));
  lengths.resize(std::size_t(n));
  std::int64_t longest = 0;
  for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i));
  if (longest > std::max<std::int64_t>(n, 1 << 12)) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths[std::size_t(k)] = length(order[std::size_t(k)]);
    return;
  }
  // Run r: rows [r * run, min(n, (r + 1) * run)); the last run is the
  // shortest, so the first `full` steps visit a row of every run.
  constexpr std::int64_t R = 8;
  const std::int64_t run = ceil_div(n, R), full = n - (R - 1) * run;
  // Visits every row once, f(row, run), the runs side by side.
  const auto each_row = [&](auto&& f) {
    std::int64_t j = 0;
    for (; j < full; ++j)
      for (std::int64_t r = 0; r < R; ++r) f(r * run + j, r);
    for (; j < run; ++j)
      for (std::int64_t r = 0; r < R; ++r)
        if (r * run + j < n) f(r * run + j, r);
  };
  std::vector<std::int64_t> at(std::size_t((longest + 1) * R), 0);  // [length][run]
  each_row([&](std::int64_t i, std::int64_t r) { ++at[std::size_t(length(i) * R + r)]; });
  std::int64_t position = 0;
  for (std::int64_t len = 0; len <= longest; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    std::fill(lengths.begin() + first, lengths.begin() + position, len);
  }
  each_row([&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}


template <class I>
void sort_fold(const I* row_ptr, std::int64_t n, UninitialisedVector<std::int64_t>& order,
                    std::vector<std::int64_t>& lengths) {
  const auto length = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]); };
  order.resize(std::size_t(n));
  lengths.resize(std::size_t(n));
  // Run r: rows [r * run, min(n, (r + 1) * run)); the last run is the
  // shortest, so the first `full` steps visit a row of every run.
  constexpr std::int64_t R = kSortRuns;
  const std::int64_t run = ceil_div(n, R), full = n - (R - 1) * run;
  // Visits every row once, f(row, run), the runs side by side.
  const auto each_row = [&](auto&& f) {
    std::int64_t j = 0;
    for (; j < full; ++j)
      for (std::int64_t r = 0; r < R; ++r) f(r * run + j, r);
    for (; j < run; ++j)
      for (std::int64_t r = 0; r < R; ++r)
        if (r * run + j < n) f(r * run + j, r);
  };
  // Counters [length][run], grown as longer rows come.
  const std::int64_t count_limit = std::max<std::int64_t>(n, 1 << 12);
  std::vector<std::int64_t> at(std::size_t(64 * R), 0);
  bool counted = true;
  each_row([&](std::int64_t i, std::int64_t r) {
    const std::int64_t len = length(i);
    if (std::size_t(len * R + r) >= at.size()) {
      counted = counted && len <= count_limit;
      if (!counted) return;
      const std::int64_t lengths_held = std::int64_t(at.size()) / R;
      at.resize(std::size_t(std::min(count_limit + 1, std::max(len + 1, 2 * lengths_held)) * R), 0);
    }
    ++at[std::size_t(len * R + r)];
  });
  if (!counted) {
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return length(a) < length(b); });
    for (std::int64_t k = 0; k < n; ++k) lengths[std::size_t(k)] = length(order[std::size_t(k)]);
    return;
  }
  std::int64_t position = 0;
  for (std::int64_t len = 0; len < std::int64_t(at.size()) / R; ++len) {
    const std::int64_t first = position;
    for (std::int64_t r = 0; r < R; ++r) position += std::exchange(at[std::size_t(len * R + r)], position);
    std::fill(lengths.begin() + first, lengths.begin() + position, len);
  }
  each_row([&](std::int64_t i, std::int64_t r) { order[std::size_t(at[std::size_t(length(i) * R + r)]++)] = i; });
}


int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const std::string name = argv[k];
    const auto m = bench::is_generator_spec(name) ? bench::generate<double, std::int32_t>(bench::parse_generator_spec(name)) : bench::read_matrix_market<double, std::int32_t>(name);
    const auto a = m.view();
    UninitialisedVector<std::int64_t> o[5]; std::vector<std::int64_t> l[5];
    double t[5];
    for (int v = 0; v < 5; ++v) {
      std::vector<double> ts;
      for (int r = 0; r < 201; ++r) {
        auto s = std::chrono::steady_clock::now();
        if (v == 0) sort_prefold(a.row_ptr, a.rows, o[0], l[0]); else if (v == 1) sort_r4_32(a.row_ptr, a.rows, o[1], l[1]); else if (v == 2) sort_r8_32(a.row_ptr, a.rows, o[2], l[2]); else if (v == 3) sort_r8_64(a.row_ptr, a.rows, o[3], l[3]); else sort_fold(a.row_ptr, a.rows, o[4], l[4]);
        ts.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
      }
      std::sort(ts.begin(), ts.end()); t[v] = ts[100];
    }
    bool same = true; for (int v = 1; v < 5; ++v) same = same && l[v] == l[0] && std::equal(o[0].begin(), o[0].end(), o[v].begin());
    std::printf("%-36s rows %7lld R4/64 %7.1f R4/32 %7.1f R8/32 %7.1f R8/64 %7.1f fold %7.1f us same %d\n", name.substr(name.rfind('/') + 1).c_str(), (long long)a.rows, t[0], t[1], t[2], t[3], t[4], int(same));
  }
}
