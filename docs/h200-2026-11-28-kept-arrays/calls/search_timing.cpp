// Built in the repository root against a CUDA build (build-gpu):
//   g++ -O2 -std=c++20 -I include -I src -I examples/bench docs/h200-2026-11-28-kept-arrays/calls/search_timing.cpp \
//     build-gpu/examples/libaijadaptive_bench_input.a build-gpu/src/libaijadaptive_core.a -L/usr/local/cuda/lib64 \
//     -lcudart -lcusparse -lnvrtc -lcuda -lz -lpthread -o /tmp/st
// diagonal_search timing on generated matrices: parts 0 (default) and 1.
#include <aijadaptive/diagonal_search.hpp>
#include <aijadaptive/analysis.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include <thread>
#include "generators.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f){ std::vector<double> t; for(int r=0;r<reps;++r){auto s=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-s).count());} std::sort(t.begin(),t.end()); return t[t.size()/2];}
int main(int argc,char**argv){
  double th = med(51,[&]{ std::thread t([]{}); t.join(); });
  double hc = med(51,[&]{ volatile unsigned n = std::thread::hardware_concurrency(); (void)n; });
  std::printf("thread start+join %.1f us, hardware_concurrency %.2f us (%u)\n", th, hc, std::thread::hardware_concurrency());
  for(int k=1;k<argc;++k){
    std::string name=argv[k];
    auto m = bench::is_generator_spec(name) ? bench::generate<double,int>(bench::parse_generator_spec(name)) : bench::read_matrix_market<double,int>(name);
    auto a = m.view();
    DiagonalSearch v;
    double t0 = med(31,[&]{ v = diagonal_search(a, 0, DiagonalPass::verdict);});
    double t1 = med(31,[&]{ v = diagonal_search(a, 1, DiagonalPass::verdict);});
    double f0 = med(31,[&]{ v = diagonal_search(a, 0, DiagonalPass::complete);});
    double f1 = med(31,[&]{ v = diagonal_search(a, 1, DiagonalPass::complete);});
    Analysis<double,int> r;
    double an = med(31,[&]{ r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);});
    std::printf("%-28s %9lld verdict p0 %8.1f p1 %8.1f | full p0 %8.1f p1 %8.1f | analyse %8.1f %s\n", name.substr(name.rfind('/')+1).c_str(), (long long)a.nnz(), t0, t1, f0, f1, an, diagonal_type_name(v.type));
  }
}
