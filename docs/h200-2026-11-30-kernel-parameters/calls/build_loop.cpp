// Stop 63's probe: auto's host format built N times on a Matrix Market file, the mean time a build.
// Built against build-gpu (as tests are): g++ -O2 -std=gnu++17 -DAIJADAPTIVE_HAVE_COMPLEX=0 -DAIJADAPTIVE_HAVE_CUDA=1
//   -I examples/bench -I src -I include -isystem /usr/local/cuda/include build_loop.cpp
//   build-gpu/examples/libaijadaptive_bench_input.a build-gpu/src/libaijadaptive_core.a (+ test_dia's link libraries, -lz)
// Run: build_loop MATRIX.mtx.gz N
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/format_list.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  const auto v = m.view();
  auto an = analyse_matrix(v, FormatChoice::automatic_choice(), ReorderChoice::automatic);
  FormatContext c; c.features = &an.features;
  const int n = atoi(argv[2]);
  auto a = std::chrono::steady_clock::now();
  for (int r = 0; r < n; ++r) { auto h = make_host_format<double, int>(an.selection.first(), c); h->build(v); }
  std::printf("%s %.1f us per build\n", format_name(an.selection.first()), std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - a).count() / n);
}
