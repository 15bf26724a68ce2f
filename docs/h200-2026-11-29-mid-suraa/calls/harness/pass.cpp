#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include <string>
#include "aijadaptive/uninitialised_vector.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(F&& f) { std::vector<double> t; for (int r = 0; r < 201; ++r) { auto s = std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count()); } std::sort(t.begin(), t.end()); return t[100]; }
int main(int argc, char** argv) {
  const auto m = bench::read_matrix_market<double, std::int32_t>(argv[1]);
  const auto a = m.view(); const std::int32_t* rp = a.row_ptr; const std::int64_t n = a.rows;
  auto length = [&](std::int64_t i) { return std::int64_t(rp[i + 1]) - std::int64_t(rp[i]); };
  std::int64_t longest = 0;
  std::printf("longest pass %.1f\n", med([&] { longest = 0; for (std::int64_t i = 0; i < n; ++i) longest = std::max(longest, length(i)); }));
  constexpr std::int64_t R = 4; const std::int64_t run = (n + R - 1) / R, full = n - (R - 1) * run;
  std::vector<std::int64_t> at(std::size_t((longest + 1) * R));
  std::printf("count pass %.1f\n", med([&] { std::fill(at.begin(), at.end(), 0); for (std::int64_t j = 0; j < full; ++j) for (std::int64_t r = 0; r < R; ++r) ++at[std::size_t(length(r * run + j) * R + r)]; }));
  std::vector<std::int32_t> at32(at.size());
  std::printf("count pass 32-bit counters, unrolled %.1f\n", med([&] { std::fill(at32.begin(), at32.end(), 0); for (std::int64_t j = 0; j < full; ++j) { ++at32[length(j) * R]; ++at32[length(run + j) * R + 1]; ++at32[length(2 * run + j) * R + 2]; ++at32[length(3 * run + j) * R + 3]; } }));
  std::vector<std::int64_t> lengths(n); UninitialisedVector<std::int64_t> order(n);
  std::printf("lengths fill %.1f\n", med([&] { for (std::int64_t i = 0; i < n; ++i) lengths[i] = length(i); }));
  std::vector<std::int64_t> pos(at.size());
  std::printf("scatter pass %.1f\n", med([&] { std::int64_t p = 0; for (std::size_t k = 0; k < at.size(); ++k) { pos[k] = p; p += at[k]; } for (std::int64_t j = 0; j < full; ++j) for (std::int64_t r = 0; r < R; ++r) order[std::size_t(pos[std::size_t(length(r * run + j) * R + r)]++)] = r * run + j; }));
}
