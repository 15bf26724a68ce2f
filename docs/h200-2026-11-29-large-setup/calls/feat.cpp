// The features' passes one by one on the device's host (stop 57, build 4cf803e): medians of 21.
#include <aijadaptive/features.hpp>
#include <aijadaptive/reordering.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include "generators.hpp"
#include "../../src/core/row_parts.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f){ std::vector<double> t; for(int r=0;r<reps;++r){auto s=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-s).count());} std::nth_element(t.begin(),t.begin()+t.size()/2,t.end()); return t[t.size()/2];}
int main(int argc,char**argv){
  for (int n : {1, 2, 4, 8, 16}) printf("run_row_parts(%d, empty) %.1f us\n", n, med(51, [&]{ detail::run_row_parts(n, [](std::size_t){}); }));
  for (int k=1;k<argc;++k){
    const auto m = bench::generate<double, std::int32_t>(bench::parse_generator_spec(argv[k]));
    auto a = m.view();
    const double rl = med(21,[&]{compute_features(a, FeatureSet::row_lengths);});
    const double all = med(21,[&]{compute_features(a, FeatureSet::all);});
    const double g = med(21,[&]{gather_sector_ratio(a);});
    const double g1 = med(21,[&]{gather_sector_ratio(a, 32, 256);});
    printf("%s: row lengths %.0f us, all %.0f us, gather %.0f us (256 groups, one thread: %.0f us), the rest (repeated rows) %.0f us\n", argv[k], rl, all, g, g1, all - rl - g);
  }
}
