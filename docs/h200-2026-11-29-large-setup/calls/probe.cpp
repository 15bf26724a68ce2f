// Host-side probe (stop 57): thread start cost and the analysis's passes on the device's host.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/features.hpp>
#include <aijadaptive/reordering.hpp>
#include <aijadaptive/format.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <thread>
#include <vector>
#include "generators.hpp"
#include "../../src/core/row_parts.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f){ std::vector<double> t; for(int r=0;r<reps;++r){auto s=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-s).count());} std::nth_element(t.begin(),t.begin()+t.size()/2,t.end()); return t[t.size()/2];}
int main(int argc,char**argv){
  printf("hardware threads %u\n", std::thread::hardware_concurrency());
  for (int n : {1, 2, 4, 8, 16}) printf("run_row_parts(%d, empty) %.1f us\n", n, med(51, [&]{ detail::run_row_parts(n, [](std::size_t){}); }));
  for (int k=1;k<argc;++k){
    const auto m = bench::generate<double, std::int32_t>(bench::parse_generator_spec(argv[k]));
    auto a = m.view();
    printf("%s rows %d nnz %lld\n", argv[k], a.rows, (long long)a.nnz());
    printf("  row-length features %.0f us\n", med(11,[&]{compute_features(a, FeatureSet::row_lengths);}));
    printf("  gather_sector_ratio %.0f us\n", med(11,[&]{gather_sector_ratio(a);}));
    printf("  gather_sector_ratio, 1 group of 32 rows %.1f us\n", med(11,[&]{gather_sector_ratio(a, 32, 1);}));
    printf("  gather_sector_ratio, 256 groups %.0f us\n", med(11,[&]{gather_sector_ratio(a, 32, 256);}));
    for (const char* f : {"segspmv","suraa","argcsr","ipcsr"}) {
      FormatContext ctx; auto id = *format_from_name(f);
      printf("  %s host build %.0f us\n", f, med(11,[&]{ auto h = make_host_format<double,std::int32_t>(id, ctx); h->build(a);}));
    }
    printf("  analyse_matrix auto %.0f us\n", med(11,[&]{ analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);}));
  }
}
