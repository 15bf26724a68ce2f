// The host analysis of each matrix given (median of 15): analyse_matrix (auto), and
// the diagonal search's verdict pass alone, with its verdict. Built against the
// CUDA-less Debian build (build-host), from the repository root:
//   g++ -O2 -std=c++20 -I include -I src -I examples/bench docs/h200-2026-11-28-small-setup/calls/analysis_harness.cpp \
//     build-host/examples/libaijadaptive_bench_input.a build-host/src/libaijadaptive_core.a -lz -lpthread -o /tmp/an
//   /tmp/an ../shared/matrices/*.mtx.gz
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/diagonal_search.hpp>
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
    Analysis<double,int> r;
    double an = med(15,[&]{ r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);});
    DiagonalSearch v;
    double vs = med(15,[&]{ v = diagonal_search(a, 0, DiagonalPass::verdict);});
    std::string name=argv[k]; name=name.substr(name.rfind('/')+1);
    std::printf("%-30s %8lld %-9s analyse %8.1f verdict %8.1f | %s | %s\n", name.c_str(), (long long)a.nnz(), format_name(r.selection.first()), an, vs, diagonal_type_name(v.type), v.reason.c_str());
  }
}
