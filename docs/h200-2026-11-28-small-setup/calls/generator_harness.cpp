// The generated diagonal kernel's source, timed (median of 50) for each matrix
// given whose chosen format is diagonal. The generator is compiled only in CUDA
// builds, so it is compiled here from its source, with the one hash it needs:
//   g++ -O2 -std=c++20 -DAIJADAPTIVE_HAVE_COMPLEX=0 -I include -I src -I examples/bench \
//     docs/h200-2026-11-28-small-setup/calls/generator_harness.cpp src/diagonal/generator.cpp \
//     build-host/examples/libaijadaptive_bench_input.a build-host/src/libaijadaptive_core.a -lz -lpthread -o /tmp/gen
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/formats/brcsd1.hpp>
#include "diagonal/generator.hpp"
#include <aijadaptive/diagonal_layout.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f){ std::vector<double> t; for(int r=0;r<reps;++r){auto s=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-s).count());} std::sort(t.begin(),t.end()); return t[t.size()/2];}
int main(int argc,char**argv){
  for(int k=1;k<argc;++k){
    auto m = bench::read_matrix_market<double,int>(argv[k]);
    auto a = m.view();
    auto r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);
    FormatContext ctx; ctx.features = &r.features;
    auto h = make_host_format<double,int>(r.selection.first(), ctx); h->build(a);
    auto* d = dynamic_cast<DiagonalHostFormat<double,int>*>(h.get());
    if(!d){ std::printf("%s not diagonal\n", argv[k]); continue;}
    detail::GeneratedDiagonalKernel g;
    double t = med(50,[&]{ g = detail::generate_diagonal_kernel(d->layout(), d->blocks(), d->block_threads(), false);});
    std::printf("%-40s %s blocks %zu source %zu bytes: generate %.1f us\n", argv[k], format_name(r.selection.first()), d->blocks().size(), g.source.size(), t);
  }
}
namespace aijadaptive::jit { std::uint64_t fnv1a64(const void* p, std::size_t n, std::uint64_t h){ auto* b=(const unsigned char*)p; for(std::size_t i=0;i<n;++i){h^=b[i]; h*=1099511628211ull;} return h;} }
