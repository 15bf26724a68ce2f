// Stop 69: per matrix (Matrix Market files given), medians of 30 on the host: the diagonal search in one
// part, in parts, with the verdict pass, analyse_matrix, and the selected format's host build.
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) like aijadaptive-analysis-timing:
//   g++ -O3 -DNDEBUG -std=gnu++17 -DAIJADAPTIVE_HAVE_COMPLEX=0 -DAIJADAPTIVE_HAVE_CUDA=1 -I examples/bench -I include
//       -isystem /usr/local/cuda/include HARNESS.cpp -o HARNESS  + the libraries of its link line
//   (build-gpu/examples/CMakeFiles/aijadaptive-analysis-timing.dir/link.txt).
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/diagonal_search.hpp>
#include <aijadaptive/features.hpp>
#include <aijadaptive/formats/brcsd2.hpp>
#include <aijadaptive/formats/brcsd1.hpp>
#include <aijadaptive/formats/dia.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) { auto s = std::chrono::steady_clock::now(); f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count()); }
  std::sort(t.begin(), t.end()); return t[t.size()/2];
}
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    auto m = bench::read_matrix_market<double, std::int32_t>(argv[k]);
    auto a = m.view();
    DiagonalSearch s;
    double one = med(30, [&]{ s = diagonal_search(a, 1); });
    double par = med(30, [&]{ s = diagonal_search(a); });
    double ver = med(30, [&]{ s = diagonal_search(a, 0, DiagonalPass::verdict); });
    Analysis<double, std::int32_t> an;
    double ana = med(30, [&]{ an = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); });
    FormatContext ctx; ctx.features = &an.features;
    FormatId id = an.selection.first();
    double hb = med(30, [&]{ auto f = make_host_format<double, std::int32_t>(id, ctx); f->build(a); });
    std::printf("%-28s n=%lld nnz=%lld K=%lld type=%s sel=%s search1 %.1f search %.1f verdict %.1f analyse %.1f build %.1f\n",
      argv[k], (long long)a.rows, (long long)a.nnz(), (long long)s.features.K, diagonal_type_name(s.type), format_name(id), one, par, ver, ana, hb);
  }
}
