// Stop 66: analyse_matrix, its features and the chosen format's host build, medians of REPS, per matrix.
//   host_steps REPS M.mtx.gz...
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) with -I include -I src -I examples/bench and
// the libraries of its aijadaptive-setup-timing link line.
// Host-only: analyse_matrix and the chosen format's host build, median of REPS, for each matrix.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/format_list.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) { auto a = std::chrono::steady_clock::now(); f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - a).count()); }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
int main(int argc, char** argv) {
  const int reps = std::atoi(argv[1]);
  for (int k = 2; k < argc; ++k) {
    auto m = bench::read_matrix_market<double, int>(argv[k]);
    auto a = m.view();
    Analysis<double, int> r;
    double ana = med(reps, [&] { r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); });
    double feat = med(reps, [&] { (void)analysis_features(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); });
    FormatContext c; c.device = hopper_device_info(); c.features = r.reordering ? nullptr : &r.features;
    FormatId f = r.selection.first();
    std::unique_ptr<HostFormat<double, int>> h;
    double hb = r.reordering ? -1 : med(reps, [&] { h = make_host_format<double, int>(f, c); h->build(a); });
    std::printf("%-36s %-8s rows %8lld nnz %9lld  ana %8.1f feat %8.1f hb %8.1f  ns/nnz %.2f\n", argv[k], format_name(f),
      (long long)a.rows, (long long)a.nnz(), ana, feat, hb, (ana + hb) * 1e3 / a.nnz());
  }
}
