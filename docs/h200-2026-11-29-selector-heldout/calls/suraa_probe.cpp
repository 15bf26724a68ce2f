// Host probe (stop 58): suraa's (or another format's) host build of one matrix, timed over many builds
// (perf record of it found the window sort): suraa_probe MATRIX [FORMAT [REPS]].
#include <aijadaptive/format.hpp>
#include <aijadaptive/analysis.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include "generators.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc,char**argv){
  std::string s = argv[1]; const char* fmt = argc > 2 ? argv[2] : "suraa"; int reps = argc > 3 ? atoi(argv[3]) : 2000;
  auto m = s.rfind("gen:",0)==0 ? bench::generate<double, std::int32_t>(bench::parse_generator_spec(s)) : bench::read_matrix_market<double, std::int32_t>(s);
  auto a = m.view();
  auto r = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);
  FormatContext ctx; ctx.features = &r.features; auto id = *format_from_name(fmt);
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) { auto h = make_host_format<double,std::int32_t>(id, ctx); h->build(a); }
  printf("%s %.1f us per build\n", fmt, std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-t0).count()/reps);
}
