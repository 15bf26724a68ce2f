// Stop 66: the selector's first format's host build of one matrix, REPS times (the mean).
//   host_build_harness M.mtx.gz REPS
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) with -I include -I src -I examples/bench and
// the libraries of its aijadaptive-setup-timing link line.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/format_list.hpp>
#include <chrono>
#include <cstdio>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  int reps = atoi(argv[2]);
  auto r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);
  FormatContext c; c.device = hopper_device_info(); c.features = &r.features;
  FormatId f = r.selection.first();
  auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < reps; ++k) { auto h = make_host_format<double, int>(f, c); h->build(a); }
  std::printf("%s %s: %.1f us\n", argv[1], format_name(f), std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps);
}
