#include <aijadaptive/reordering.hpp>
#include "generators.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::generate<double, int>(bench::parse_generator_spec(argv[1]));
  auto a = m.view();
  std::vector<int> ref;
  if (argc > 2) {  // "1" or "default": one order with that team (for several processes at once)
    const RcmThreads team = std::string(argv[2]) == "1" ? RcmThreads{1} : RcmThreads{};
    auto s = std::chrono::steady_clock::now();
    rcm_order(a, team);
    std::printf("%s: %.1f ms\n", argv[2], std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count());
    return 0;
  }
  for (int t : {1, 2, 4, 8, 16}) for (long L : {1024L, 4096L}) {
    if (t == 1 && L != 1024) continue;
    auto s = std::chrono::steady_clock::now();
    auto p = rcm_order(a, RcmThreads{t, L});
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count();
    if (ref.empty()) ref = p.new_to_old;
    std::printf("threads %2d level_nodes %5ld: %.1f ms %s\n", t, L, ms, p.new_to_old == ref ? "same" : "DIFFERENT"); std::fflush(stdout);
  }
}
