// Stop 69: per matrix, analyse_matrix, its features and the selected format's host build, the least of
// 30 (CSV: file, format, nonzeros, analyse, features, build in us; build -1 for a reordered matrix).
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) like aijadaptive-analysis-timing:
//   g++ -O3 -DNDEBUG -std=gnu++17 -DAIJADAPTIVE_HAVE_COMPLEX=0 -DAIJADAPTIVE_HAVE_CUDA=1 -I examples/bench -I include
//       -isystem /usr/local/cuda/include HARNESS.cpp -o HARNESS  + the libraries of its link line
//   (build-gpu/examples/CMakeFiles/aijadaptive-analysis-timing.dir/link.txt).
#include <aijadaptive/analysis.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double mn(int reps, F&& f) { double b = 1e30; for (int r = 0; r < reps; ++r) { auto s = std::chrono::steady_clock::now(); f(); b = std::min(b, std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count()); } return b; }
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    auto m = bench::read_matrix_market<double, std::int32_t>(argv[k]);
    auto a = m.view();
    Analysis<double, std::int32_t> an;
    double ta = mn(30, [&] { an = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); });
    double tf = mn(30, [&] { (void)analysis_features(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); });
    FormatContext ctx; ctx.features = an.reordering ? nullptr : &an.features;
    FormatId id = an.selection.first();
    double tb = an.reordering ? -1 : mn(30, [&] { auto f = make_host_format<double, std::int32_t>(id, ctx); f->build(a); });
    std::printf("%s,%s,%lld,%.1f,%.1f,%.1f\n", argv[k], format_name(id), (long long)a.nnz(), ta, tf, tb);
  }
}
