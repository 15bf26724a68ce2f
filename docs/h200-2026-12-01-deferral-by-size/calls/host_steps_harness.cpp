// Build-machine harness: the analysis and the chosen format's host build of real matrices, medians.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/format.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med_us(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto s = std::chrono::steady_clock::now(); f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
  }
  std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end()); return t[t.size() / 2];
}
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    auto m = bench::read_matrix_market<double, int>(argv[k]);
    auto a = m.view();
    const FormatChoice fc = FormatChoice::automatic_choice();
    Features f;
    double tf = med_us(51, [&] { f = analysis_features(a, fc, ReorderChoice::automatic); });
    Analysis<double, int> an;
    double ta = med_us(51, [&] { an = analyse_matrix(a, fc, ReorderChoice::automatic); });
    FormatContext ctx; ctx.device = hopper_device_info(); ctx.features = &an.features;
    const FormatId id = an.selection.candidates.front().format;
    double tb = med_us(51, [&] { auto h = make_host_format<double, int>(id, ctx); h->build(a); });
    std::printf("%-28s %8zu %-8s features %7.1f  analyse %7.1f  host build %7.1f us\n", argv[k], m.nnz(),
                format_name(id), tf, ta, tb);
  }
}
